/** A piece of an answer: plain text, or a citation `[n]` of source n (1-based). */
export type AnswerPart = { text: string } | { cite: number };

/**
 * Splits an answer into text and `[n]` citations. A number outside `1..sourceCount` stays
 * text (the API removes those; a partial stream may not have its sources yet).
 */
export function splitCitations(answer: string, sourceCount: number): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let last = 0;
  for (const match of answer.matchAll(/\[(\d{1,3})\]/g)) {
    const n = Number(match[1]);
    if (n < 1 || n > sourceCount) continue;
    if (match.index > last) parts.push({ text: answer.slice(last, match.index) });
    parts.push({ cite: n });
    last = match.index + match[0].length;
  }
  if (last < answer.length) parts.push({ text: answer.slice(last) });
  return parts;
}
