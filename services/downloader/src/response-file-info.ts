import { parse } from "content-disposition";
import { hasExtension, sanitizeFilename } from "./sanitize-filename.js";

/** Media types that say nothing about the content; the stored type is kept over them. */
const GENERIC_TYPES = new Set([
  "application/octet-stream",
  "binary/octet-stream",
  "application/binary",
  "application/unknown",
  "application/download",
  "application/force-download",
  "application/x-download",
  "application/x-msdownload",
]);
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** `type/subtype` of a Content-Type header, lower case, without parameters; undefined when malformed. */
export function mediaType(header: string | undefined): string | undefined {
  const type = header?.split(";")[0]?.trim().toLowerCase();
  return type && MEDIA_TYPE.test(type) ? type : undefined;
}

/**
 * The file name a Content-Disposition header gives (RFC 6266; `filename*` wins over `filename`),
 * sanitized. A plain `filename` sent as raw UTF-8 arrives as Latin-1 text and is repaired.
 */
export function dispositionFilename(header: string | undefined): string | undefined {
  if (!header) return undefined;
  let name: string | undefined;
  try {
    name = parse(header).parameters.filename;
  } catch {
    return undefined;
  }
  return name === undefined ? undefined : sanitizeFilename(repairUtf8(name));
}

/** The last path segment of the URL when it looks like a file name (it has an extension). */
export function urlFilename(url: URL): string | undefined {
  const segment = url.pathname.split("/").pop() ?? "";
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // Keep the raw segment: a stray "%" is still a usable name.
  }
  const name = sanitizeFilename(decoded);
  return name && hasExtension(name) ? name : undefined;
}

function repairUtf8(text: string): string {
  if (!/[\u0080-\u00ff]/.test(text) || /[^\p{Cc}\u0020-\u00ff]/u.test(text)) return text;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(text, "latin1"));
  } catch {
    return text;
  }
}

/** What a response says about the stored attachment's name and type. */
export interface ResponseFileInfo {
  contentDisposition: string | undefined;
  contentType: string | undefined;
  finalUrl: URL;
}

/**
 * The filename and content type to store after a download. The Content-Disposition name wins;
 * the URL's name only replaces a stored name without an extension; the response's media type
 * wins unless it is generic (`application/octet-stream`, ...).
 */
export function chooseFileInfo(
  stored: { filename: string; content_type: string | null },
  response: ResponseFileInfo,
): { filename: string; contentType: string | null } {
  const fromHeader = dispositionFilename(response.contentDisposition);
  const fromUrl = hasExtension(stored.filename) ? undefined : urlFilename(response.finalUrl);
  const type = mediaType(response.contentType);
  return {
    filename: fromHeader ?? fromUrl ?? stored.filename,
    contentType: type && !GENERIC_TYPES.has(type) ? type : stored.content_type,
  };
}
