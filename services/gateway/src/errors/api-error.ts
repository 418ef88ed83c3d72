import type { ErrorCode } from "@tender/contracts";

export interface ApiErrorOptions {
  /** `{path, message}` issues of a `validation_error`; null otherwise. */
  details?: unknown;
  /** Extra response headers (`Allow`, rate-limit headers, `Retry-After`). */
  headers?: Record<string, string>;
  cause?: unknown;
}

/** The safe default message of each code: concrete, and never quoting internals. */
export function defaultErrorMessage(code: ErrorCode): string {
  switch (code) {
    case "validation_error":
      return "The request is not valid; see details.";
    case "api_key_required":
      return "Send your API key in the X-API-Key header.";
    case "api_key_invalid":
      return "The API key is not valid.";
    case "api_key_disabled":
      return "The API key is disabled.";
    case "not_found":
      return "Nothing exists at this path.";
    case "method_not_allowed":
      return "This method is not allowed on this path; see the Allow header.";
    case "payload_too_large":
      return "The request body is larger than 64 KiB.";
    case "unsupported_media_type":
      return "Send the request body as application/json.";
    case "rate_limit_exceeded":
      return "Too many requests for this API key in this minute; retry after Retry-After seconds.";
    case "internal_error":
      return "Internal error. Quote the request id when reporting it.";
    case "dependency_unavailable":
      return "A service the gateway depends on is unavailable; retry later.";
    case "request_timeout":
      return "The request was not received in time; the connection is closed.";
    case "expectation_failed":
      return "Only the Expect value 100-continue is supported.";
    default:
      return code satisfies never;
  }
}

/**
 * The one error type of the gateway: a closed code (its HTTP status comes from
 * `ERROR_HTTP_STATUS`), a message safe to show, optional details and headers. Anything else
 * thrown is mapped to one of these by `toApiError`.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly code: ErrorCode;
  readonly details: unknown;
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message?: string, options: ApiErrorOptions = {}) {
    super(message ?? defaultErrorMessage(code), { cause: options.cause });
    this.code = code;
    this.details = options.details ?? null;
    this.headers = options.headers ?? {};
  }
}
