/**
 * Why a call to the outside world failed: `refused` (scheme, credentials, allowlist, address,
 * https→http redirect), `redirect` (too many, no Location), `too_large` (the size cap),
 * `timeout`, `network` (connection, TLS, DNS, a broken or undecodable body).
 */
export type EgressErrorCode = "refused" | "redirect" | "too_large" | "timeout" | "network";

/**
 * A failed outbound call. `message` is short and safe to store or log: it names a host, never a
 * path, query string, response body or stack.
 */
export class EgressError extends Error {
  override readonly name = "EgressError";
  readonly code: EgressErrorCode;
  /** A later attempt may succeed (connection trouble, a DNS resolver that did not answer). */
  readonly retryable: boolean;

  constructor(
    code: EgressErrorCode,
    message: string,
    options: { retryable?: boolean; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.retryable = options.retryable ?? false;
  }
}
