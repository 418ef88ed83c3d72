import type { LookupAddress } from "node:dns";
import { type ClientRequest, request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { pipeline, type Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { checkDownloadUrl } from "./check-download-url.js";
import { DownloadError } from "./download-error.js";
import { type ResolveHost, resolveAllowedAddresses } from "./resolve-allowed-addresses.js";
import { translateNetworkError } from "./translate-network-error.js";

/** What every request of one download must respect. */
export interface FetchPolicy {
  isAllowedHost: (host: string) => boolean;
  /** Why an address is refused (see `DownloadPolicy.addressReason`). */
  addressReason: (address: string) => string | undefined;
  resolveHost: ResolveHost;
  /** Refuses a `Content-Length` above this before reading the body. */
  maxBytes: number;
  maxRedirects: number;
  /** Per request: connecting, sending and receiving the response headers. */
  headersTimeoutMs: number;
  /** No byte received for this long ends the download. */
  idleTimeoutMs: number;
  userAgent: string;
}

/** A response ready to be streamed: status 200, size header checked, redirects followed. */
export interface OpenedDownload {
  finalUrl: URL;
  contentType: string | undefined;
  contentDisposition: string | undefined;
  /** The decoded body; its errors are `DownloadError`s (or the signal's reason once aborted). */
  body: AsyncIterable<Uint8Array>;
  /** Releases the connection (after the body was read, or to give up). */
  close(): void;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const OK = new Set([200, 203]);

/**
 * Requests `url` and follows up to `maxRedirects` redirects by hand, checking every hop's
 * scheme, host allowlist and resolved addresses, and connecting only to the checked addresses.
 */
export async function openDownload(
  url: string,
  policy: FetchPolicy,
  signal: AbortSignal,
): Promise<OpenedDownload> {
  let current = checkDownloadUrl(url, policy.isAllowedHost);
  for (let redirects = 0; ; redirects++) {
    const addresses = await resolveAllowedAddresses(current.hostname, policy);
    const { request, response, failure } = await send(current, addresses, policy, signal);
    const status = response.statusCode ?? 0;
    if (REDIRECTS.has(status)) {
      const location = response.headers.location;
      request.destroy();
      if (!location) throw new DownloadError(`HTTP ${status} without a Location header`);
      if (redirects >= policy.maxRedirects) {
        throw new DownloadError(`too many redirects (more than ${policy.maxRedirects})`);
      }
      current = checkDownloadUrl(location, policy.isAllowedHost, current);
      continue;
    }
    if (!OK.has(status)) {
      request.destroy();
      throw new DownloadError(`HTTP ${status}`, {
        retryable: status >= 500 || status === 408 || status === 429,
      });
    }
    const length = Number(response.headers["content-length"]);
    if (Number.isFinite(length) && length > policy.maxBytes) {
      request.destroy();
      throw new DownloadError(`larger than ${policy.maxBytes} bytes`);
    }
    return {
      finalUrl: current,
      contentType: response.headers["content-type"],
      contentDisposition: response.headers["content-disposition"],
      body: readBody(decode(response, request), failure),
      close: () => request.destroy(),
    };
  }
}

interface Sent {
  request: ClientRequest;
  response: IncomingMessage;
  /** Set when the client itself ended the exchange (a timeout), so body errors say why. */
  failure: { error?: DownloadError };
}

function send(url: URL, addresses: LookupAddress[], policy: FetchPolicy, signal: AbortSignal): Promise<Sent> {
  // The socket connects to the addresses that were checked, whatever DNS says now.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]?.address ?? "", addresses[0]?.family ?? 4);
  };
  const failure: Sent["failure"] = {};
  return new Promise((resolve, reject) => {
    const request = (url.protocol === "https:" ? httpsRequest : httpRequest)(url, {
      method: "GET",
      agent: false,
      lookup: pinned,
      signal,
      timeout: policy.idleTimeoutMs,
      headers: { "user-agent": policy.userAgent, accept: "*/*", "accept-encoding": "identity" },
    });
    const fail = (error: DownloadError) => {
      failure.error = error;
      request.destroy(error);
    };
    const headersTimer = setTimeout(
      () => fail(new DownloadError(`no response within ${policy.headersTimeoutMs} ms`)),
      policy.headersTimeoutMs,
    );
    request.on("timeout", () => fail(new DownloadError(`no data received for ${policy.idleTimeoutMs} ms`)));
    request.on("response", (response) => {
      clearTimeout(headersTimer);
      // Errors reach the reader through iteration; this keeps an unread, destroyed response
      // from raising an unhandled 'error' event.
      response.on("error", () => {});
      resolve({ request, response, failure });
    });
    request.on("error", (error) => {
      clearTimeout(headersTimer);
      reject(signal.aborted ? signal.reason : translateNetworkError(failure.error ?? error));
    });
    request.end();
  });
}

/** The body without its content coding (we ask for none, but a server may still compress). */
function decode(response: IncomingMessage, request: ClientRequest): Readable {
  const coding = String(response.headers["content-encoding"] ?? "identity")
    .trim()
    .toLowerCase();
  const decoder =
    coding === "gzip" || coding === "x-gzip"
      ? createGunzip()
      : coding === "deflate"
        ? createInflate()
        : coding === "br"
          ? createBrotliDecompress()
          : undefined;
  if (decoder) return pipeline(response, decoder, () => {});
  if (coding === "identity" || coding === "") return response;
  request.destroy();
  throw new DownloadError(`unsupported content encoding ${coding.slice(0, 20)}`);
}

async function* readBody(body: Readable, failure: Sent["failure"]): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of body) yield chunk as Uint8Array;
  } catch (error) {
    throw failure.error ?? translateNetworkError(error);
  }
}
