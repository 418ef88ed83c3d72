import { Duplex } from "node:stream";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env.js";
import { type ContentCoding, chooseEncoding } from "./choose-encoding.js";

// JSON (the API, its errors, the OpenAPI document) and the Atom feed. Never text/event-stream:
// a compressor holds back bytes, and Ask's events must reach the client one by one.
const COMPRESSIBLE = /^application\/(?:json|[\w.-]+\+json|atom\+xml)\s*(?:;|$)/i;

// Below this a compressed answer saves less than its headers and the CPU cost.
const MIN_BYTES = 1024;

// Brotli's default (11) is meant for files compressed once, not per answer. At 5, recorded TED
// notices (110 KB of JSON) came to 15.3 KB, against 17.7 KB with gzip's default.
const BROTLI_QUALITY = 5;

function compressor(coding: ContentCoding): ReadableWritablePair<Uint8Array, Uint8Array> {
  const stream =
    coding === "br"
      ? createBrotliCompress({
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : createGzip();
  return Duplex.toWeb(stream) as ReadableWritablePair<Uint8Array, Uint8Array>;
}

/** The first chunks of `body` up to `bytes` bytes (or all of it), and the body from there on. */
async function peek(body: ReadableStream<Uint8Array>, bytes: number) {
  const reader = body.getReader();
  const head: Uint8Array[] = [];
  let length = 0;
  while (length < bytes) {
    const next = await reader.read();
    if (next.done) return { head, done: true, rest: undefined };
    head.push(next.value);
    length += next.value.byteLength;
  }
  const rest = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = head.shift() ?? (await reader.read()).value;
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { head, done: false, rest };
}

/**
 * Compresses JSON and Atom answers with br or gzip, as the request's `Accept-Encoding` allows
 * (`chooseEncoding`), streamed: a card is compressed as it is written, never held whole. Answers
 * under 1 KiB, answers already encoded or marked `no-transform`, HEAD and other content types
 * are left as they are. Compressible answers carry `Vary: Accept-Encoding` either way. A client
 * that goes away cancels the compressor and the body under it.
 */
export function compress(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const { body, headers } = c.res;
    if (!body || c.req.method === "HEAD" || !COMPRESSIBLE.test(headers.get("content-type") ?? "")) return;
    if (!/\baccept-encoding\b/i.test(headers.get("vary") ?? "")) headers.append("Vary", "Accept-Encoding");
    if (headers.has("content-encoding") || /\bno-transform\b/i.test(headers.get("cache-control") ?? ""))
      return;
    const coding = chooseEncoding(c.req.header("accept-encoding"));
    if (!coding) return;
    const { head, done, rest } = await peek(body, MIN_BYTES);
    if (done || !rest) {
      c.res = new Response(new Blob(head as BlobPart[]), c.res);
      return;
    }
    headers.set("Content-Encoding", coding);
    headers.delete("Content-Length");
    c.res = new Response(rest.pipeThrough(compressor(coding)), c.res);
  };
}
