import { ResponseTooLargeError } from "./http-errors.js";

/**
 * Reads the whole body as UTF-8 text (a leading byte order mark dropped), streaming, and stops
 * with `ResponseTooLargeError` as soon as more than `maxBytes` arrived (or `Content-Length`
 * already says so), so a huge or endless body never fills memory.
 */
export async function readCappedBody(response: Response, url: string, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new ResponseTooLargeError(url, maxBytes);
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new ResponseTooLargeError(url, maxBytes);
    }
    chunks.push(value);
  }
  // TextDecoder drops a leading byte order mark (some servers send one), which JSON.parse refuses.
  return new TextDecoder("utf-8").decode(Buffer.concat(chunks, total));
}
