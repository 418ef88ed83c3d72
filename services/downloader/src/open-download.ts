import { checkDeclaredLength, type EgressPolicy, openEgressRequest } from "@tender/egress";
import { DownloadError } from "./download-error.js";

/** What every request of one download must respect: the egress policy and the size cap. */
export interface FetchPolicy extends EgressPolicy {
  /** Refuses a `Content-Length` above this before reading the body. */
  maxBytes: number;
}

/** A response ready to be streamed: status 200, size header checked, redirects followed. */
export interface OpenedDownload {
  finalUrl: URL;
  contentType: string | undefined;
  contentDisposition: string | undefined;
  /** The decoded body; its errors are `EgressError`s (or the signal's reason once aborted). */
  body: AsyncIterable<Uint8Array>;
  /** Releases the connection (after the body was read, or to give up). */
  close(): void;
}

const OK = new Set([200, 203]);

/**
 * Requests `url` through the egress policy (every hop's scheme, host and port, resolved
 * addresses, pinned connections) and keeps only a 200 whose declared size fits.
 */
export async function openDownload(
  url: string,
  policy: FetchPolicy,
  signal: AbortSignal,
): Promise<OpenedDownload> {
  const response = await openEgressRequest({ url }, policy, signal);
  try {
    if (!OK.has(response.status)) {
      throw new DownloadError(`HTTP ${response.status}`, {
        retryable: response.status >= 500 || response.status === 408 || response.status === 429,
      });
    }
    checkDeclaredLength(single(response.headers["content-length"]), policy.maxBytes);
  } catch (error) {
    response.close();
    throw error;
  }
  return {
    finalUrl: response.url,
    contentType: single(response.headers["content-type"]),
    contentDisposition: single(response.headers["content-disposition"]),
    body: response.body,
    close: response.close,
  };
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
