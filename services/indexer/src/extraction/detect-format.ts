/** What a file is, as far as extraction cares; `zip` covers DOCX, XLSX and ODT until opened. */
export type ReadableFormat = "pdf" | "zip" | "ole" | "html" | "xml" | "json" | "csv" | "text";
export type DetectedFormat = { kind: ReadableFormat } | { kind: "unsupported"; what: string };

const startsWith = (bytes: Uint8Array, ...prefix: number[]) => prefix.every((b, i) => bytes[i] === b);
const ascii = (bytes: Uint8Array, length: number) =>
  new TextDecoder("latin1").decode(bytes.subarray(0, length));

/** Binary formats recognised only to name them in the reason. */
const KNOWN_BINARIES: [string, number[]][] = [
  ["PNG image", [0x89, 0x50, 0x4e, 0x47]],
  ["JPEG image", [0xff, 0xd8, 0xff]],
  ["GIF image", [0x47, 0x49, 0x46, 0x38]],
  ["TIFF image", [0x49, 0x49, 0x2a, 0x00]],
  ["TIFF image", [0x4d, 0x4d, 0x00, 0x2a]],
  ["7-Zip archive", [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]],
  ["RAR archive", [0x52, 0x61, 0x72, 0x21]],
  ["gzip data", [0x1f, 0x8b]],
  ["bzip2 data", [0x42, 0x5a, 0x68]],
  ["xz data", [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]],
  ["executable", [0x7f, 0x45, 0x4c, 0x46]],
  ["executable", [0x4d, 0x5a]],
  ["RTF document", [0x7b, 0x5c, 0x72, 0x74, 0x66]],
];

const CONTENT_TYPES: Record<string, ReadableFormat> = {
  "application/pdf": "pdf",
  "application/zip": "zip",
  "application/x-zip-compressed": "zip",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "zip",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "zip",
  "application/vnd.oasis.opendocument.text": "zip",
  "application/msword": "ole",
  "text/html": "html",
  "application/xhtml+xml": "html",
  "application/xml": "xml",
  "text/xml": "xml",
  "application/json": "json",
  "text/csv": "csv",
  "text/plain": "text",
};

const EXTENSIONS: Record<string, ReadableFormat> = {
  pdf: "pdf",
  zip: "zip",
  docx: "zip",
  xlsx: "zip",
  odt: "zip",
  doc: "ole",
  html: "html",
  htm: "html",
  xhtml: "html",
  xml: "xml",
  json: "json",
  csv: "csv",
  tsv: "csv",
  txt: "text",
  text: "text",
  md: "text",
};

function sniffMarkup(bytes: Uint8Array): ReadableFormat | undefined {
  // Skip a UTF-8 byte order mark and leading blanks; UTF-16 markup is left to the fallbacks.
  const head = ascii(bytes, 1024)
    .replace(/^\u00ef\u00bb\u00bf/, "")
    .trimStart()
    .toLowerCase();
  if (head.startsWith("<!doctype html") || head.startsWith("<html")) return "html";
  if (head.startsWith("<?xml")) return /<html[\s>]/.test(head) ? "html" : "xml";
  return undefined;
}

/**
 * Decides how to read a file: magic bytes first, then the declared content type, then the
 * file name's extension. Text formats have no magic, so markup is sniffed before trusting the
 * declaration; a file that matches nothing is read as text only if it looks like text.
 */
export function detectFormat(
  bytes: Uint8Array,
  filename: string,
  contentType: string | null,
): DetectedFormat {
  if (ascii(bytes, 1024).includes("%PDF-")) return { kind: "pdf" };
  if (startsWith(bytes, 0x50, 0x4b) && (bytes[2] === 3 || bytes[2] === 5 || bytes[2] === 7))
    return { kind: "zip" };
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return { kind: "ole" };
  for (const [what, magic] of KNOWN_BINARIES) {
    if (startsWith(bytes, ...magic)) return { kind: "unsupported", what };
  }
  const markup = sniffMarkup(bytes);
  if (markup) return { kind: markup };

  const declared = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  const byType =
    CONTENT_TYPES[declared] ??
    (declared.endsWith("+json") ? "json" : declared.endsWith("+xml") ? "xml" : undefined) ??
    (declared.startsWith("text/") ? "text" : undefined);
  if (byType) return { kind: byType };

  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(filename)?.[1]?.toLowerCase() ?? "";
  const byExtension = EXTENSIONS[extension];
  if (byExtension) return { kind: byExtension };

  return looksLikeText(bytes)
    ? { kind: "text" }
    : { kind: "unsupported", what: "binary data of unknown type" };
}

/** A UTF-16 byte order mark, or no NUL bytes and valid UTF-8 in the first 8 KiB. */
export function looksLikeText(bytes: Uint8Array): boolean {
  if (startsWith(bytes, 0xff, 0xfe) || startsWith(bytes, 0xfe, 0xff)) return true;
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}
