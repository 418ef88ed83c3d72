import type { OcdsDocument } from "./ocds-release.js";

const EXTENSIONS: Readonly<Record<string, string>> = {
  "application/pdf": ".pdf",
  "application/msword": ".doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ".docx",
  "application/vnd.ms-excel": ".xls",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ".xlsx",
  "application/vnd.ms-powerpoint": ".ppt",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": ".pptx",
  "application/vnd.oasis.opendocument.text": ".odt",
  "application/vnd.oasis.opendocument.spreadsheet": ".ods",
  "application/rtf": ".rtf",
  "application/zip": ".zip",
  "application/x-zip-compressed": ".zip",
  "application/xml": ".xml",
  "text/xml": ".xml",
  "text/plain": ".txt",
  "text/csv": ".csv",
  "text/html": ".html",
};

/** The usual extension of a MIME type (parameters ignored), or "" when unknown. */
export function extensionOf(mime: string | null | undefined): string {
  const type = mime?.split(";")[0]?.trim().toLowerCase() ?? "";
  return EXTENSIONS[type] ?? "";
}

/**
 * A file name for a document that has none: the URL's last path segment when it looks like a
 * file (`spec.pdf`), else `<documentType>-<id>` plus the extension of `format`
 * (`biddingDocuments-2.docx`). The downloader later prefers the server's Content-Disposition name.
 */
export function ocdsDocumentFilename(document: OcdsDocument, position: number, url: URL): string {
  const last = decodeSegment(url.pathname.split("/").at(-1) ?? "");
  if (/^[^.].*\.[A-Za-z0-9]{1,5}$/.test(last)) return sanitize(last);
  const id = document.id === null || document.id === undefined ? String(position + 1) : String(document.id);
  return sanitize(`${document.documentType?.trim() || "document"}-${id}${extensionOf(document.format)}`);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function sanitize(name: string): string {
  const cleaned = name.replace(/[\p{Cc}/\\:*?"<>|]+/gu, "_").trim();
  return [...cleaned].slice(0, 255).join("");
}
