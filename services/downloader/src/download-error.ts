/**
 * A download that failed for a reason worth recording. `message` is short and safe to store in
 * `attachments.last_error`: no URL query strings, no response bodies, no stack.
 */
export class DownloadError extends Error {
  override readonly name = "DownloadError";
  /** A later attempt may succeed (connection trouble, HTTP 5xx, 408, 429). */
  readonly retryable: boolean;

  constructor(message: string, options: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.retryable = options.retryable ?? false;
  }
}
