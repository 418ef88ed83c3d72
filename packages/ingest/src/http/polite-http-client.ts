import { setTimeout as sleep } from "node:timers/promises";
import { type BackoffPolicy, backoffDelayMs } from "@tender/backoff";
import {
  createHostAllowlist,
  createLimiter,
  EgressError,
  type EgressPolicy,
  type EgressResponse,
  metadataAddressReason,
  openEgressRequest,
  parseRetryAfter,
  type ResolveHost,
  readCappedText,
  type SendHop,
} from "@tender/egress";
import * as v from "valibot";
import {
  HostNotAllowedError,
  HttpStatusError,
  InvalidResponseError,
  RedirectError,
  ResponseTooLargeError,
  RetryAfterTooLongError,
  safeUrl,
} from "./http-errors.js";
import { parseJsonLenient } from "./parse-json-lenient.js";

type WarnFn = (obj: Record<string, unknown>, msg: string) => void;

export interface PoliteHttpClientOptions {
  /**
   * Hosts this client may contact (`SYNC_ALLOWED_HOSTS`, the rule of `createHostAllowlist`:
   * `host:port` pins a port, a bare host means the default port); redirect targets are checked too.
   */
  allowedHosts: readonly string[];
  /** Bound of one attempt: connecting, redirects and reading the body (`HTTP_TIMEOUT_MS`). */
  timeoutMs: number;
  /** Bodies above this are refused while streaming (`HTTP_MAX_RESPONSE_BYTES`). */
  maxResponseBytes: number;
  /**
   * Least time between the starts of two requests, retries included (a source's request rate:
   * 60000 / requests per minute); default 0, no spacing.
   */
  minIntervalMs?: number;
  /** Requests in flight at once; default 2. */
  concurrency?: number;
  /** Tries per request, the first included; default 5. */
  maxAttempts?: number;
  /** Backoff between tries without a `Retry-After`; default 1 s doubling up to 60 s, with jitter. */
  backoff?: { initialMs: number; maxMs: number };
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
  /** Injected in tests: the resolver and the single-hop transport of `@tender/egress`. */
  resolveHost?: ResolveHost;
  send?: SendHop;
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

/** A document fetched as text (a notice's XML): a GET, with a cap of its own. */
export interface TextRequest {
  url: string;
  /** Sent as `accept`; default `*\/*`. */
  accept?: string;
  /** Bodies above this are refused while streaming; at most the client's own cap. */
  maxBytes?: number;
  signal?: AbortSignal;
}

/** An HTTP client for crawling APIs politely and safely. */
export interface PoliteHttpClient {
  /** Fetches JSON, retrying what is worth retrying, and returns it validated by `schema`. */
  requestJson<TSchema extends v.GenericSchema>(
    request: JsonRequest,
    schema: TSchema,
  ): Promise<v.InferOutput<TSchema>>;
  /**
   * Fetches a document as text, through the same pacing, limiter, retries and allowlist as the
   * JSON requests (a source's notices' XML); too large a body is a `ResponseTooLargeError`.
   */
  requestText(request: TextRequest): Promise<string>;
  /** True when `url` is an http(s) URL on the allowlist (e.g. to vet a `links.next` before storing it). */
  isAllowed(url: string): boolean;
}

type Attempt = { done: true; text: string } | { done: false; delayMs: number; error: Error };

const DEFAULT_USER_AGENT = "tender-search-ingest/0.1";

async function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  await sleep(ms, undefined, signal ? { signal } : undefined);
}

/**
 * Creates the client: bounded concurrency, an optional least interval between requests, a timeout per attempt, retries with exponential
 * backoff and jitter on network errors, timeouts, 429 and 5xx, honouring `Retry-After` (seconds
 * or an HTTP date); optional 403 cool-down; every hop through `@tender/egress` (allowlist with
 * ports, re-checked redirects, no cloud metadata address, pinned connections); streamed size cap;
 * JSON validated with valibot before it is returned.
 */
export function createPoliteHttpClient(options: PoliteHttpClientOptions): PoliteHttpClient {
  const wait = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const maxAttempts = options.maxAttempts ?? 5;
  const backoff: BackoffPolicy = {
    ...(options.backoff ?? { initialMs: 1_000, maxMs: 60_000 }),
    jitter: "equal",
  };
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 300_000;
  const slots = createLimiter(options.concurrency ?? 2);
  const minIntervalMs = options.minIntervalMs ?? 0;
  let nextStartAt = Number.NEGATIVE_INFINITY;
  // Reserves the next start synchronously, so concurrent requests queue one interval apart.
  const paced = async (signal: AbortSignal | undefined): Promise<void> => {
    if (minIntervalMs <= 0) return;
    const startAt = Math.max(now(), nextStartAt);
    nextStartAt = startAt + minIntervalMs;
    const delay = startAt - now();
    if (delay > 0) await wait(delay, signal);
  };
  const allowlist = createHostAllowlist(options.allowedHosts);
  const egress: EgressPolicy = {
    allowlist,
    // The source API is the operator's choice (a mirror on the own network is fine); a cloud
    // metadata endpoint never is, whatever a redirect says.
    addressReason: metadataAddressReason,
    maxRedirects: options.maxRedirects ?? 5,
    headersTimeoutMs: options.timeoutMs,
    idleTimeoutMs: options.timeoutMs,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
    ...(options.send ? { send: options.send } : {}),
  };

  const retryDelay = (response: EgressResponse, retry: number, url: string): number => {
    const asked = parseRetryAfter(header(response, "retry-after"), now());
    if (asked !== null && asked > maxRetryAfterMs) throw new RetryAfterTooLongError(url, asked);
    const floor = response.status === 403 ? (options.forbiddenCooldownMs ?? 0) : 0;
    // An explicit Retry-After is honoured as given (plus a little jitter so clients spread out).
    if (asked !== null) return Math.max(floor, asked + Math.round(Math.min(1_000, asked * 0.1) * random()));
    return Math.max(floor, backoffDelayMs(retry, backoff, random));
  };

  const attempt = async (
    request: JsonRequest & Pick<TextRequest, "accept">,
    retry: number,
    maxBytes: number,
  ): Promise<Attempt> => {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const headers: Record<string, string> = {
      accept: request.accept ?? "application/json",
      "accept-encoding": "gzip, deflate, br",
    };
    if (request.body !== undefined) headers["content-type"] = "application/json";
    try {
      const response = await openEgressRequest(
        {
          method: request.method ?? "GET",
          url: request.url,
          headers,
          ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
        },
        egress,
        signal,
      );
      const url = response.url.toString();
      if (response.status >= 200 && response.status < 300) {
        const text = await readCappedText(response.body, maxBytes, header(response, "content-length"));
        return { done: true, text };
      }
      response.close();
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
      // Only transport failures and timeouts are retried; everything else is final.
      if (timeout.aborted || (error instanceof EgressError && error.code === "timeout")) {
        const timedOut = new Error(
          `Request to ${safeUrl(request.url)} timed out after ${options.timeoutMs} ms`,
        );
        return { done: false, delayMs: backoffDelayMs(retry, backoff, random), error: timedOut };
      }
      if (error instanceof EgressError && error.retryable) {
        const failed = new Error(`Request to ${safeUrl(request.url)} failed: ${error.message}`);
        return { done: false, delayMs: backoffDelayMs(retry, backoff, random), error: failed };
      }
      if (error instanceof EgressError) throw sourceError(error, request.url, maxBytes);
      throw error;
    }
  };

  const requestText = async (
    request: JsonRequest & Pick<TextRequest, "accept">,
    maxBytes = options.maxResponseBytes,
  ): Promise<string> => {
    for (let tries = 1; ; tries += 1) {
      const outcome = await slots.run(async () => {
        await paced(request.signal);
        return attempt(request, tries, maxBytes);
      });
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
    isAllowed: (url) => URL.canParse(url) && allowlist(new URL(url)),
    requestText: ({ url, accept, maxBytes, signal }) =>
      requestText(
        { url, accept: accept ?? "*/*", ...(signal ? { signal } : {}) },
        Math.min(maxBytes ?? options.maxResponseBytes, options.maxResponseBytes),
      ),
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

/** A final egress failure as the error the sync and `tender sync` report. */
function sourceError(error: EgressError, url: string, maxBytes: number): Error {
  if (error.code === "too_large") return new ResponseTooLargeError(url, maxBytes);
  if (error.code === "redirect") return new RedirectError(`${error.message} starting at ${safeUrl(url)}`);
  if (error.code === "refused") return new HostNotAllowedError(url, error.message);
  return new Error(`Request to ${safeUrl(url)} failed: ${error.message}`, { cause: error });
}

function header(response: EgressResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => `${v.getDotPath(issue) ?? "(root)"}: ${issue.message}`)
    .join("; ");
}
