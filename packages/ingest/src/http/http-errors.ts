/** A request to a source's API failed: refused, answered with an error, too large, unreadable or throttled too long. */
export class SourceHttpError extends Error {}

/**
 * The request was refused before connecting: a host (or port) not on the source's allowlist, a
 * cloud metadata address, an https→http redirect. Raised for every redirect hop too.
 */
export class HostNotAllowedError extends SourceHttpError {
  override readonly name = "HostNotAllowedError";
  readonly url: string;
  constructor(url: string, reason = "host is not on the allowlist") {
    super(`Request to ${safeUrl(url)} ${reason.startsWith("refused") ? reason : `refused: ${reason}`}`);
    this.url = url;
  }
}

/** The server answered with a status that is not retried, or kept failing until retries ran out. */
export class HttpStatusError extends SourceHttpError {
  override readonly name = "HttpStatusError";
  readonly url: string;
  readonly status: number;
  constructor(url: string, status: number, detail = "") {
    super(`HTTP ${status} from ${safeUrl(url)}${detail ? `: ${detail}` : ""}`);
    this.url = url;
    this.status = status;
  }
}

/** The body was larger than the configured cap; reading stopped there. */
export class ResponseTooLargeError extends SourceHttpError {
  override readonly name = "ResponseTooLargeError";
  constructor(url: string, maxBytes: number) {
    super(`Response from ${safeUrl(url)} is larger than ${maxBytes} bytes`);
  }
}

/** The body was not JSON, or not of the expected shape. Not retried: the same request would fail again. */
export class InvalidResponseError extends SourceHttpError {
  override readonly name = "InvalidResponseError";
  constructor(url: string, detail: string) {
    super(`Unexpected response from ${safeUrl(url)}: ${detail}`);
  }
}

/** More redirects than allowed, or a redirect without a usable Location. */
export class RedirectError extends SourceHttpError {
  override readonly name = "RedirectError";
}

/** The server asked to wait longer (Retry-After) than this client waits within one request. */
export class RetryAfterTooLongError extends SourceHttpError {
  override readonly name = "RetryAfterTooLongError";
  /** How long the server asked to wait; the sync loop waits at least this before the next pass. */
  readonly waitMs: number;
  constructor(url: string, waitMs: number) {
    super(`${safeUrl(url)} asked to wait ${Math.ceil(waitMs / 1000)} s; giving up until the next sync`);
    this.waitMs = waitMs;
  }
}

/** The URL without its query string, so cursors and tokens stay out of messages and logs. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return "(invalid URL)";
  }
}
