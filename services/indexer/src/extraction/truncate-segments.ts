import type { ExtractionResult } from "./extraction-types.js";

/** Keeps at most `maxChars` characters of text, in order, recording a `truncated` failure when text was dropped. */
export function truncateSegments(result: ExtractionResult, maxChars: number): ExtractionResult {
  const total = result.segments.reduce((sum, s) => sum + s.text.length, 0);
  if (total <= maxChars) return result;
  const segments = [];
  let left = maxChars;
  for (const segment of result.segments) {
    if (left <= 0) break;
    segments.push(segment.text.length <= left ? segment : { ...segment, text: segment.text.slice(0, left) });
    left -= segment.text.length;
  }
  return {
    segments,
    failures: [
      ...result.failures,
      {
        entry: "",
        reason: "truncated",
        detail: `only the first ${maxChars} of ${total} characters are indexed`,
      },
    ],
  };
}
