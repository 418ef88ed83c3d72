/** Size of the pieces `splitText` makes, in characters (UTF-16 code units). */
export interface SplitOptions {
  /** Longest piece; default 1200. */
  chunkSize: number;
  /** Characters of the previous piece repeated at the start of the next; default 150. */
  overlap: number;
}

export const DEFAULT_SPLIT_OPTIONS: SplitOptions = Object.freeze({ chunkSize: 1200, overlap: 150 });

// Coarsest first: paragraphs, lines, sentences, words. Each keeps its separator attached.
const SEPARATORS: RegExp[] = [/(?<=\n\n)/, /(?<=\n)/, /(?<=[.!?…;:]["')\]»”’]?)(?=\s)/, /(?<=\s)/];

/**
 * Splits text into pieces of at most `chunkSize` characters, preferring paragraph, then line,
 * then sentence, then word boundaries; a single word longer than a piece is cut. Neighbouring
 * pieces share up to `overlap` characters of whole units, so a sentence cut by a boundary is
 * still found. Deterministic: the same text always gives the same pieces.
 */
export function splitText(text: string, options: SplitOptions = DEFAULT_SPLIT_OPTIONS): string[] {
  const { chunkSize, overlap } = options;
  if (overlap >= chunkSize) throw new RangeError("overlap must be smaller than the chunk size");
  return merge(units(text, 0, chunkSize), chunkSize, overlap)
    .map((piece) => piece.trim())
    .filter((piece) => piece.length > 0);
}

/** Cuts text into units no longer than `size`, using the coarsest separator that works. */
function units(text: string, level: number, size: number): string[] {
  if (text.length <= size) return [text];
  const separator = SEPARATORS[level];
  if (!separator) return hardCut(text, size);
  return text
    .split(separator)
    .flatMap((part) => (part.length <= size ? [part] : units(part, level + 1, size)));
}

/** Fixed-size cuts that never split a surrogate pair. */
function hardCut(text: string, size: number): string[] {
  const out: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end -= 1;
    out.push(text.slice(start, end));
    start = end;
  }
  return out;
}

/** Packs units into pieces up to `size`, starting each new piece with the last units of the previous one. */
function merge(parts: string[], size: number, overlap: number): string[] {
  const pieces: string[] = [];
  const current: string[] = [];
  let length = 0;
  for (const part of parts) {
    if (length + part.length > size && current.length > 0) {
      pieces.push(current.join(""));
      // Keep trailing units that fit in the overlap and leave room for the new unit.
      while (current.length > 0 && (length > overlap || length + part.length > size)) {
        length -= (current.shift() as string).length;
      }
    }
    current.push(part);
    length += part.length;
  }
  if (current.length > 0) pieces.push(current.join(""));
  return pieces;
}
