import type { LookupAddress } from "node:dns";
import { type ClientRequest, request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { pipeline, type Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { EgressError } from "./egress-error.js";
import { translateNetworkError } from "./translate-network-error.js";

/** One request of a call (the first one, or one redirect hop). */
export interface Hop {
  method: string;
  headers: Readonly<Record<string, string>>;
  body?: string | Uint8Array | undefined;
}

/** The answer to one hop: status, headers (lower-case names) and the decoded body. */
export interface HopResponse {
  status: number;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body without its content coding; its errors are `EgressError`s (or the signal's reason). */
  body: AsyncIterable<Uint8Array>;
  /** Releases the connection (after the body was read, or to give up on it). */
  close(): void;
}

export interface HopTimeouts {
  /** Connecting, sending and receiving the response headers. */
  headersTimeoutMs: number;
  /** Connecting (TCP, and the TLS handshake for https); default: only `headersTimeoutMs` bounds it. */
  connectTimeoutMs?: number;
  /** No byte received for this long ends the exchange. */
  idleTimeoutMs: number;
}

/** Sends one hop to `url`, connecting only to `addresses` (already checked). Injected in tests. */
export type SendHop = (
  url: URL,
  hop: Hop,
  addresses: readonly LookupAddress[],
  timeouts: HopTimeouts,
  signal: AbortSignal,
) => Promise<HopResponse>;

/** {@link SendHop} over node:http(s): the socket connects to the checked addresses, whatever DNS says now. */
export const sendHop: SendHop = (url, hop, addresses, timeouts, signal) => {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [...addresses]);
    else callback(null, addresses[0]?.address ?? "", addresses[0]?.family ?? 4);
  };
  // Set when the client itself ended the exchange (a timeout), so body errors say why.
  const failure: { error?: EgressError } = {};
  return new Promise((resolve, reject) => {
    const request = (url.protocol === "https:" ? httpsRequest : httpRequest)(url, {
      method: hop.method,
      agent: false,
      lookup: pinned,
      signal,
      timeout: timeouts.idleTimeoutMs,
      headers: hop.headers,
    });
    const fail = (error: EgressError) => {
      failure.error = error;
      request.destroy(error);
    };
    const headersTimer = setTimeout(
      () => fail(new EgressError("timeout", `no response within ${timeouts.headersTimeoutMs} ms`)),
      timeouts.headersTimeoutMs,
    );
    const connectTimeoutMs = timeouts.connectTimeoutMs;
    if (connectTimeoutMs !== undefined) {
      request.once("socket", (socket) => {
        const connectTimer = setTimeout(
          () => fail(new EgressError("timeout", `no connection within ${connectTimeoutMs} ms`)),
          connectTimeoutMs,
        );
        socket.once(url.protocol === "https:" ? "secureConnect" : "connect", () =>
          clearTimeout(connectTimer),
        );
        socket.once("close", () => clearTimeout(connectTimer));
      });
    }
    request.on("timeout", () =>
      fail(new EgressError("timeout", `no data received for ${timeouts.idleTimeoutMs} ms`)),
    );
    request.on("response", (response) => {
      clearTimeout(headersTimer);
      // Errors reach the reader through iteration; this keeps an unread, destroyed response
      // from raising an unhandled 'error' event.
      response.on("error", () => {});
      try {
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: readBody(decode(response, request), failure, signal),
          close: () => request.destroy(),
        });
      } catch (error) {
        reject(error);
      }
    });
    request.on("error", (error) => {
      clearTimeout(headersTimer);
      reject(signal.aborted ? signal.reason : translateNetworkError(failure.error ?? error));
    });
    request.end(hop.body);
  });
};

/** The body without its content coding (gzip, deflate, br); another coding is refused. */
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
  throw new EgressError("network", `unsupported content encoding ${coding.slice(0, 20)}`);
}

async function* readBody(
  body: Readable,
  failure: { error?: EgressError },
  signal: AbortSignal,
): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of body) yield chunk as Uint8Array;
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw failure.error ?? translateNetworkError(error);
  }
}
