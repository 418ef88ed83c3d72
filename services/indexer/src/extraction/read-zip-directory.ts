import { ExtractionError } from "./extraction-error.js";

/** One entry of a ZIP central directory, as declared (not yet trusted). */
export interface ZipEntry {
  name: string;
  /** Declared sizes; inflating enforces `size`. */
  compressedSize: number;
  size: number;
  /** 0 stored, 8 deflated; anything else is unsupported. */
  method: number;
  encrypted: boolean;
  isDirectory: boolean;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const MAX_COMMENT = 0xffff;

const damaged = (what: string) => new ExtractionError("corrupt", `the ZIP archive is damaged (${what})`);

function u64(view: DataView, at: number): number {
  const value = view.getBigUint64(at, true);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw damaged("size out of range");
  return Number(value);
}

function findEndOfDirectory(view: DataView): number {
  const last = view.byteLength - 22;
  for (let at = last; at >= 0 && at >= last - MAX_COMMENT; at--) {
    if (view.getUint32(at, true) === EOCD) return at;
  }
  throw damaged("no end of central directory: truncated or not a ZIP file");
}

/**
 * Reads the central directory of a ZIP file without inflating anything. The entry count is
 * checked against `maxEntries` before the entries are read, so a directory of millions of
 * entries costs nothing. Throws `ExtractionError` (`corrupt`, `limit_exceeded`).
 */
export function readZipDirectory(bytes: Uint8Array, maxEntries: number): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 22) throw damaged("too short");
  const eocd = findEndOfDirectory(view);
  let count = view.getUint16(eocd + 10, true);
  let dirSize = view.getUint32(eocd + 12, true);
  let dirOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || view.getUint32(locator, true) !== ZIP64_LOCATOR)
      throw damaged("missing ZIP64 locator");
    const at = u64(view, locator + 8);
    if (at + 56 > bytes.byteLength || view.getUint32(at, true) !== ZIP64_EOCD)
      throw damaged("bad ZIP64 record");
    count = u64(view, at + 32);
    dirSize = u64(view, at + 40);
    dirOffset = u64(view, at + 48);
  }
  if (count > maxEntries) {
    throw new ExtractionError(
      "limit_exceeded",
      `the archive has ${count} entries; at most ${maxEntries} are read`,
    );
  }
  if (dirOffset + dirSize > bytes.byteLength) throw damaged("central directory outside the file");

  const entries: ZipEntry[] = [];
  let at = dirOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.byteLength || view.getUint32(at, true) !== CENTRAL)
      throw damaged("bad directory entry");
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    let compressedSize = view.getUint32(at + 20, true);
    let size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    let localHeaderOffset = view.getUint32(at + 42, true);
    const end = at + 46 + nameLength + extraLength + commentLength;
    if (end > bytes.byteLength) throw damaged("directory entry outside the file");
    const rawName = bytes.subarray(at + 46, at + 46 + nameLength);
    // Bit 11: UTF-8 names; older tools wrote CP437, which is ASCII for the usual names.
    const name = new TextDecoder(flags & 0x800 ? "utf-8" : "latin1").decode(rawName);

    // ZIP64 extra field: the 64-bit values follow in this order, only for fields that overflowed.
    let extra = at + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = view.getUint16(extra, true);
      const length = view.getUint16(extra + 2, true);
      if (id === 0x0001) {
        let field = extra + 4;
        const take = () => {
          if (field + 8 > extra + 4 + length) throw damaged("short ZIP64 field");
          const value = u64(view, field);
          field += 8;
          return value;
        };
        if (size === 0xffffffff) size = take();
        if (compressedSize === 0xffffffff) compressedSize = take();
        if (localHeaderOffset === 0xffffffff) localHeaderOffset = take();
      }
      extra += 4 + length;
    }
    entries.push({
      name,
      compressedSize,
      size,
      method,
      encrypted: (flags & 0x1) !== 0,
      isDirectory: name.endsWith("/"),
      localHeaderOffset,
    });
    at = end;
  }
  return entries;
}
