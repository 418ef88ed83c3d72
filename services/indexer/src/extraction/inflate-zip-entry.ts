import { Inflate } from "fflate";
import { ExtractionError } from "./extraction-error.js";
import type { ZipEntry } from "./read-zip-directory.js";

const LOCAL_HEADER = 0x04034b50;
// Small input pieces bound the output of one push (deflate expands at most ~1032:1).
const PIECE = 16 * 1024;

/**
 * Inflates one entry, refusing to produce more than its declared size (a directory that
 * understates sizes is a zip-bomb trick). Throws `ExtractionError` on damaged data.
 */
export function inflateZipEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.byteLength || view.getUint32(at, true) !== LOCAL_HEADER) {
    throw new ExtractionError("corrupt", "the ZIP archive is damaged (bad local header)");
  }
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.byteLength) throw new ExtractionError("corrupt", "the ZIP archive is truncated");
  const data = bytes.subarray(start, end);
  if (entry.size === 0) return new Uint8Array(0);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) {
      throw new ExtractionError("corrupt", "the ZIP archive is damaged (stored entry size mismatch)");
    }
    return data.slice();
  }

  const out = new Uint8Array(entry.size);
  let written = 0;
  let overflow = false;
  const inflater = new Inflate((chunk) => {
    if (written + chunk.length > out.length) {
      overflow = true;
      return;
    }
    out.set(chunk, written);
    written += chunk.length;
  });
  try {
    for (let offset = 0; offset < data.length && !overflow; offset += PIECE) {
      inflater.push(data.subarray(offset, offset + PIECE), offset + PIECE >= data.length);
    }
    if (data.length === 0) inflater.push(new Uint8Array(0), true);
  } catch {
    throw new ExtractionError("corrupt", "the ZIP archive is damaged (invalid compressed data)");
  }
  if (overflow) {
    throw new ExtractionError("limit_exceeded", "an entry expands beyond its declared size (zip bomb?)");
  }
  if (written !== entry.size)
    throw new ExtractionError("corrupt", "the ZIP archive is damaged (entry too short)");
  return out;
}
