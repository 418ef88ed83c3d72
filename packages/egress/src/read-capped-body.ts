import { EgressError } from "./egress-error.js";

/**
 * Refuses a body whose declared `Content-Length` is above `maxBytes`, before reading any of it.
 * A missing or unreadable header passes: the bytes are counted while reading.
 */
export function checkDeclaredLength(contentLength: string | null | undefined, maxBytes: number): void {
  const declared = contentLength?.trim();
  if (declared && /^\d+$/.test(declared) && Number(declared) > maxBytes) throw tooLarge(maxBytes);
}

/**
 * Passes a body through chunk by chunk (strings as UTF-8 bytes) and stops with `EgressError`
 * `too_large` as soon as more than `maxBytes` went by: the size cap of a body that is streamed
 * on (into storage) rather than held. Stopping ends the iteration of `body`, which cancels a web
 * stream and destroys a Node stream.
 */
export async function* capBody(
  body: AsyncIterable<Uint8Array | string>,
  maxBytes: number,
): AsyncGenerator<Uint8Array, void, undefined> {
  let total = 0;
  for await (const chunk of body) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    total += bytes.byteLength;
    if (total > maxBytes) throw tooLarge(maxBytes);
    yield bytes;
  }
}

/**
 * Reads a whole body (a Node stream, a web `ReadableStream`, any async iterable of bytes) and
 * stops with `EgressError` `too_large` as soon as more than `maxBytes` arrived, or at once when
 * `contentLength` already says so. Stopping cancels the body, so the rest is never read: a huge
 * or endless answer never fills memory.
 */
export async function readCappedBody(
  body: AsyncIterable<Uint8Array> | null | undefined,
  maxBytes: number,
  contentLength?: string | null,
): Promise<Buffer> {
  try {
    checkDeclaredLength(contentLength, maxBytes);
  } catch (error) {
    await cancel(body);
    throw error;
  }
  if (!body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  for await (const chunk of capBody(body, maxBytes)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** {@link readCappedBody} as UTF-8 text; a leading byte order mark (some servers send one) is dropped. */
export async function readCappedText(
  body: AsyncIterable<Uint8Array> | null | undefined,
  maxBytes: number,
  contentLength?: string | null,
): Promise<string> {
  return new TextDecoder("utf-8").decode(await readCappedBody(body, maxBytes, contentLength));
}

function tooLarge(maxBytes: number): EgressError {
  return new EgressError("too_large", `larger than ${maxBytes} bytes`);
}

async function cancel(body: AsyncIterable<Uint8Array> | null | undefined): Promise<void> {
  if (!body) return;
  const iterator = body[Symbol.asyncIterator]();
  await iterator.return?.().catch(() => {});
}
