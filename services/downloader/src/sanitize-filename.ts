/** Longest stored filename, in code points (the `Filename` contract and the database agree). */
export const MAX_FILENAME_LENGTH = 255;

// C0 and C1 controls, DEL, and the invisible marks that reorder text (a "txt.exe" shown as "exe.txt").
const INVISIBLE = /[\p{Cc}\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu;
// Reserved on common file systems; a name is shown to users and may be saved by them.
const RESERVED = /[<>:"|?*]/g;
const EXTENSION = /\.[A-Za-z0-9]{1,16}$/;

/**
 * A filename safe to store and show: only the last path segment (no `/` or `\`), tabs and line
 * breaks as spaces, no other control or direction-changing characters, reserved characters
 * replaced by `_`, white space collapsed, no leading dots or trailing dots and spaces, at most
 * 255 code points with the extension kept. Undefined when nothing usable remains.
 */
export function sanitizeFilename(raw: string): string | undefined {
  const base = raw.normalize("NFC").split(/[/\\]/).pop() ?? "";
  const cleaned = base
    .replace(/[\t\n\v\f\r]/g, " ")
    .replace(INVISIBLE, "")
    .replace(RESERVED, "_")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+/, "")
    .replace(/[\s.]+$/, "");
  if (cleaned === "") return undefined;
  const chars = Array.from(cleaned);
  if (chars.length <= MAX_FILENAME_LENGTH) return cleaned;
  const extension = EXTENSION.exec(cleaned)?.[0] ?? "";
  const stem = Array.from(cleaned.slice(0, cleaned.length - extension.length));
  return `${stem
    .slice(0, MAX_FILENAME_LENGTH - extension.length)
    .join("")
    .trimEnd()}${extension}`;
}

/** Whether the name ends in a short alphanumeric extension (`.pdf`, `.docx`). */
export function hasExtension(filename: string): boolean {
  return EXTENSION.test(filename);
}
