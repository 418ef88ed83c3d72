import { setTimeout as sleep } from "node:timers/promises";
import * as v from "valibot";
import { fetchFollowingRedirects } from "./fetch-following-redirects.js";
import { isHostAllowed } from "./host-allowlist.js";
import { HttpStatusError, InvalidResponseError, RetryAfterTooLongError, safeUrl } from "./http-errors.js";
import { type JitteredBackoff, jitteredBackoffMs } from "./jittered-backoff.js";
import { parseJsonLenient } from "./parse-json-lenient.js";
import { readCappedBody } from "./read-capped-body.js";
import { parseRetryAfter } from "./retry-after.js";
import { createSemaphore } from "./semaphore.js";

type WarnFn = (obj: Record<string, unknown>, msg: string) => void;

export interface PoliteHttpClientOptions {
  /** Hosts this client may contact (`SYNC_ALLOWED_HOSTS`); redirect targets are checked too. */
  allowedHosts: readonly string[];
  /** Bound of one attempt: connecting, redirects and reading the body (`HTTP_TIMEOUT_MS`). */
  timeoutMs: number;
  /** Bodies above this are refused while streaming (`HTTP_MAX_RESPONSE_BYTES`). */
  maxResponseBytes: number;
  /** Requests in flight at once; default 2. */
  concurrency?: number;
  /** Tries per request, the first included; default 5. */
  maxAttempts?: number;
  /** Backoff between tries without a `Retry-After`; default 1 s doubling up to 60 s, with jitter. */
  backoff?: JitteredBackoff;
  /** Longest `Retry-After` waited out inside one request; longer ones fail it. Default 5 min. */
  maxRetryAfterMs?: number;
  /**
   * When set, 403 means "slow down" (Contracts Finder's throttle): wait this long, then retry
   * (within `maxAttempts`). When absent, 403 is a plain refusal.
   */
  forbiddenCooldownMs?: number;
  /** Default 5. */
  maxRedirects?: number;
  userAgent?: string;
  logger?: { warn: WarnFn };
  /** Injected in tests. */
  fetch?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export interface JsonRequest {
  method?: "GET" | "POST";
  url: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Aborts waiting and the request in flight (shutdown). */
  signal?: AbortSignal;
}

/** An HTTP client for crawling APIs politely and safely. */
export interface PoliteHttpClient {
  /** Fetches JSON, retrying what is worth retrying, and returns it validated by `schema`. */
  requestJson<TSchema extends v.GenericSchema>(
    request: JsonRequest,
    schema: TSchema,
  ): Promise<v.InferOutput<TSchema>>;
  /** True when `url` is an http(s) URL on the allowlist (e.g. to vet a `links.next` before storing it). */
  isAllowed(url: string): boolean;
}

type Attempt = { done: true; text: string } | { done: false; delayMs: number; error: Error };

const DEFAULT_USER_AGENT = "tender-search-ingest/0.1";

async function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  await sleep(ms, undefined, signal ? { signal } : undefined);
}

/**
 * Creates the client: bounded concurrency, a timeout per attempt, retries with exponential
 * backoff and jitter on network errors, timeouts, 429 and 5xx, honouring `Retry-After` (seconds
 * or an HTTP date); optional 403 cool-down; host allowlist with manually followed, re-checked
 * redirects; streamed size cap; JSON validated with valibot before it is returned.
 */
export function createPoliteHttpClient(options: PoliteHttpClientOptions): PoliteHttpClient {
  const fetchImpl = options.fetch ?? fetch;
  const wait = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const maxAttempts = options.maxAttempts ?? 5;
  const backoff = options.backoff ?? { initialMs: 1_000, maxMs: 60_000 };
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 300_000;
  const slots = createSemaphore(options.concurrency ?? 2);

  const retryDelay = (response: Response, retry: number, url: string): number => {
    const asked = parseRetryAfter(response.headers.get("retry-after"), now());
    if (asked !== null && asked > maxRetryAfterMs) throw new RetryAfterTooLongError(url, asked);
    const floor = response.status === 403 ? (options.forbiddenCooldownMs ?? 0) : 0;
    // An explicit Retry-After is honoured as given (plus a little jitter so clients spread out).
    if (asked !== null) return Math.max(floor, asked + Math.round(Math.min(1_000, asked * 0.1) * random()));
    return Math.max(floor, jitteredBackoffMs(retry, backoff, random));
  };

  const attempt = async (request: JsonRequest, retry: number): Promise<Attempt> => {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const headers: Record<string, string> = {
      accept: "application/json",
      "user-agent": options.userAgent ?? DEFAULT_USER_AGENT,
    };
    if (request.body !== undefined) headers["content-type"] = "application/json";
    try {
      const { response, url } = await fetchFollowingRedirects(
        fetchImpl,
        {
          method: request.method ?? "GET",
          url: request.url,
          headers,
          ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
        },
        { allowedHosts: options.allowedHosts, maxRedirects: options.maxRedirects ?? 5, signal },
      );
      if (response.ok)
        return { done: true, text: await readCappedBody(response, url, options.maxResponseBytes) };
      await response.body?.cancel().catch(() => {});
      const status = response.status;
      const retryable =
        status === 429 || status >= 500 || (status === 403 && options.forbiddenCooldownMs !== undefined);
      if (!retryable) throw new HttpStatusError(url, status);
      return {
        done: false,
        delayMs: retryDelay(response, retry, url),
        error: new HttpStatusError(url, status),
      };
    } catch (error) {
      if (request.signal?.aborted) throw error;
      // Only transport failures and our own timeout are retried; everything else is final.
      if (timeout.aborted) {
        const timedOut = new Error(
          `Request to ${safeUrl(request.url)} timed out after ${options.timeoutMs} ms`,
        );
        return { done: false, delayMs: jitteredBackoffMs(retry, backoff, random), error: timedOut };
      }
      if (isNetworkError(error)) {
        const failed = new Error(`Request to ${safeUrl(request.url)} failed: ${describeCause(error)}`);
        return { done: false, delayMs: jitteredBackoffMs(retry, backoff, random), error: failed };
      }
      throw error;
    }
  };

  const requestText = async (request: JsonRequest): Promise<string> => {
    for (let tries = 1; ; tries += 1) {
      const outcome = await slots.run(() => attempt(request, tries));
      if (outcome.done) return outcome.text;
      if (tries >= maxAttempts) throw outcome.error;
      options.logger?.warn(
        {
          url: safeUrl(request.url),
          attempt: tries,
          retry_in_ms: outcome.delayMs,
          err: outcome.error.message,
        },
        "Source request failed; retrying",
      );
      // The slot is free while waiting, so other requests are not held up by this one's backoff.
      await wait(outcome.delayMs, request.signal);
    }
  };

  return {
    isAllowed: (url) => URL.canParse(url) && isHostAllowed(new URL(url), options.allowedHosts),
    async requestJson(request, schema) {
      const text = await requestText(request);
      let json: unknown;
      try {
        json = parseJsonLenient(text);
      } catch {
        throw new InvalidResponseError(request.url, "body is not JSON");
      }
      const parsed = v.safeParse(schema, json);
      if (!parsed.success) throw new InvalidResponseError(request.url, describeIssues(parsed.issues));
      return parsed.output;
    },
  };
}

/** fetch reports transport failures as `TypeError("fetch failed", { cause })`, a cut body as "terminated". */
function isNetworkError(error: unknown): error is TypeError {
  return error instanceof TypeError && (error.message === "fetch failed" || error.message === "terminated");
}

function describeCause(error: TypeError): string {
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause?.code ?? cause?.message ?? error.message;
}

function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => `${v.getDotPath(issue) ?? "(root)"}: ${issue.message}`)
    .join("; ");
}
