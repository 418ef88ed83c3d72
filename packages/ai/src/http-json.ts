import { EgressError, readCappedText } from "@tender/egress";
import * as v from "valibot";
import { AiDependencyError } from "./ai-dependency-error.js";
import type { AiCallOptions } from "./ai-provider.js";

export interface HttpJsonRequest extends AiCallOptions {
  /** Base URL of the model server, with or without a trailing slash. */
  baseUrl: string;
  /** Path appended to the base URL, e.g. "/api/embed". */
  path: string;
  /** Sent as JSON with POST; without it the request is a GET. */
  body?: unknown;
  apiKey?: string | undefined;
  timeoutMs: number;
  /** The answer's body is not read past this many bytes; the call fails as `too_large`. */
  maxBytes: number;
}

/** Joins a base URL that may end with "/" and a path that starts with "/". */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/u, "")}${path}`;
}

// A network error's code (ECONNREFUSED, ENOTFOUND, ...) helps operators and reveals nothing.
function networkCode(error: unknown): string {
  const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return typeof code === "string" && /^[A-Z_]{2,40}$/u.test(code) ? ` (${code})` : "";
}

/** What a failed model call was doing when it failed. */
export interface FailedCall {
  what: string;
  maxBytes: number;
  /** The caller's signal: its abort is passed on as the caller's reason, not as a failure. */
  signal?: AbortSignal | undefined;
  timedOut: boolean;
  timeoutMessage: string;
}

/**
 * What a failed model call throws: an `AiDependencyError` as it is; the capped reader's
 * `too_large` as `too_large`; the caller's abort as its reason; a timeout as `timeout`; any other
 * network failure (refused, reset, cut mid-body) as `unreachable`.
 */
export function toDependencyError(error: unknown, call: FailedCall): unknown {
  if (error instanceof AiDependencyError) return error;
  if (error instanceof EgressError && error.code === "too_large") {
    return new AiDependencyError(
      "too_large",
      `AI server answered ${call.what} with more than ${call.maxBytes} bytes`,
    );
  }
  if (call.signal?.aborted) return call.signal.reason;
  if (call.timedOut) return new AiDependencyError("timeout", call.timeoutMessage);
  return new AiDependencyError(
    "unreachable",
    `AI server is unreachable for ${call.what}${networkCode(error)}`,
  );
}

/** The request headers of a model call: JSON in, `accept` out, the bearer key when set. */
export function requestHeaders(
  accept: string,
  apiKey: string | undefined,
  hasBody: boolean,
): Record<string, string> {
  const headers: Record<string, string> = { accept };
  if (hasBody) headers["content-type"] = "application/json";
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  return headers;
}

/** A non-2xx answer: its body may echo the request or hold server internals, so it is dropped. */
export async function refuseStatus(response: Response, what: string): Promise<never> {
  await response.body?.cancel().catch(() => {});
  throw new AiDependencyError(
    "http",
    `AI server answered ${what} with HTTP ${response.status}`,
    response.status,
  );
}

/**
 * One JSON request to the model server, bounded by `timeoutMs`, the caller's signal and
 * `maxBytes` (read with the capped reader of `@tender/egress`, which cancels the rest of a longer
 * body). The server is the operator's choice, so no host or address policy applies. Every failure
 * (network, timeout, non-2xx status, too large, a body that is not JSON) becomes an
 * `AiDependencyError`, except the caller's own abort, which rejects with the signal's reason.
 */
export async function requestJson(req: HttpJsonRequest): Promise<unknown> {
  const method = req.body === undefined ? "GET" : "POST";
  const what = `${method} ${req.path}`;
  const timeout = AbortSignal.timeout(req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([timeout, req.signal]) : timeout;
  let text: string;
  try {
    const response = await fetch(joinUrl(req.baseUrl, req.path), {
      method,
      headers: requestHeaders("application/json", req.apiKey, req.body !== undefined),
      body: req.body === undefined ? null : JSON.stringify(req.body),
      signal,
    });
    if (!response.ok) await refuseStatus(response, what);
    text = await readCappedText(response.body, req.maxBytes, response.headers.get("content-length"));
  } catch (error) {
    throw toDependencyError(error, {
      what,
      maxBytes: req.maxBytes,
      signal: req.signal,
      timedOut: timeout.aborted,
      timeoutMessage: `AI server did not answer ${what} within ${req.timeoutMs} ms`,
    });
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AiDependencyError("invalid_json", `AI server answered ${what} with a body that is not JSON`);
  }
}

/**
 * Checks a parsed response against a valibot schema. The error names the offending field's
 * path only: valibot's own messages quote received values, which come from the response.
 */
export function parseResponse<const S extends v.GenericSchema>(
  schema: S,
  data: unknown,
  what: string,
): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = v.getDotPath(issue) ?? "(root)";
  throw new AiDependencyError(
    "invalid_response",
    `AI server answered ${what} with an unexpected shape at ${path}`,
  );
}
