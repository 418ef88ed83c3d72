import { ExtractionError } from "./extraction-error.js";

/**
 * Bytes of a text file as a string: UTF-16 or UTF-8 by byte order mark, else UTF-8 when valid,
 * else Windows-1252 (the usual encoding of older European documents). Text with NUL characters
 * is binary data, not text.
 */
export function decodeText(bytes: Uint8Array): string {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder("utf-16le").decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff)
    text = new TextDecoder("utf-16be").decode(bytes.subarray(2));
  else {
    try {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      text = new TextDecoder("windows-1252").decode(bytes);
    }
  }
  if (text.includes("\u0000")) throw new ExtractionError("unsupported", "binary data, not text");
  return text;
}
