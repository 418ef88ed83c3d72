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
  const headers: Record<string, string> = { accept: "application/json" };
  if (req.body !== undefined) headers["content-type"] = "application/json";
  if (req.apiKey) headers.authorization = `Bearer ${req.apiKey}`;
  let text: string;
  try {
    const response = await fetch(joinUrl(req.baseUrl, req.path), {
      method,
      headers,
      body: req.body === undefined ? null : JSON.stringify(req.body),
      signal,
    });
    if (!response.ok) {
      // The body may echo the request or hold server internals: it is dropped, not reported.
      await response.body?.cancel().catch(() => {});
      throw new AiDependencyError(
        "http",
        `AI server answered ${what} with HTTP ${response.status}`,
        response.status,
      );
    }
    text = await readCappedText(response.body, req.maxBytes, response.headers.get("content-length"));
  } catch (error) {
    if (error instanceof AiDependencyError) throw error;
    if (error instanceof EgressError && error.code === "too_large") {
      throw new AiDependencyError(
        "too_large",
        `AI server answered ${what} with more than ${req.maxBytes} bytes`,
      );
    }
    if (req.signal?.aborted) throw req.signal.reason;
    if (timeout.aborted) {
      throw new AiDependencyError("timeout", `AI server did not answer ${what} within ${req.timeoutMs} ms`);
    }
    throw new AiDependencyError("unreachable", `AI server is unreachable for ${what}${networkCode(error)}`);
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
