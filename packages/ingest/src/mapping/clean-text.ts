import { decodeHTMLStrict } from "entities";

/**
 * Multi-line human text from a source: HTML entities decoded (`&amp;` → `&`; strict, so a bare
 * `&copy` inside a URL stays), line breaks normalized to `\n`, surrounding whitespace trimmed.
 * `null` when nothing is left.
 */
export function cleanText(text: string): string | null {
  const cleaned = decodeHTMLStrict(text).replace(/\r\n?/g, "\n").trim();
  return cleaned === "" ? null : cleaned;
}

/** One-line human text (titles, names): like `cleanText`, with every whitespace run collapsed to one space. */
export function cleanLine(text: string): string | null {
  const cleaned = decodeHTMLStrict(text).replace(/\s+/gu, " ").trim();
  return cleaned === "" ? null : cleaned;
}

/** Cleaned, distinct, non-empty lines in first-seen order (e.g. the names of several buyers). */
export function distinctLines(texts: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const text of texts) {
    const line = cleanLine(text);
    if (line !== null) seen.add(line);
  }
  return [...seen];
}
