/**
 * Removes citations `[n]` (one to nine digits) whose number is outside `1..sourceCount` from an
 * answer that arrives in pieces. `push` returns the text that can be shown now; `end` returns
 * what was held back. A removal can make an earlier `[` and the following text a new citation
 * (`[[7]8]` → `[8]`), which is checked again, so the answer never holds an invalid citation.
 * Only a tail that a later `]` could still remove is held back (`[1`, `[12[`), so the
 * concatenated pieces equal {@link filterCitations} of the whole answer, wherever it was split.
 */
export interface CitationFilter {
  push(text: string): string;
  end(): string;
}

const MAX_DIGITS = 9;
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";

/** Start of the invalid citation ending `held`, or -1. */
function invalidCitationStart(held: readonly string[], sourceCount: number): number {
  const close = held.length - 1;
  if (held[close] !== "]") return -1;
  let i = close - 1;
  while (i >= 0 && isDigit(held[i]) && close - 1 - i < MAX_DIGITS) i--;
  if (i === close - 1 || held[i] !== "[") return -1;
  const n = Number(held.slice(i + 1, close).join(""));
  return n >= 1 && n <= sourceCount ? -1 : i;
}

/** Start of the longest tail made of groups of `[` and up to nine digits (`[1[`, `[23`). */
function holdStart(held: readonly string[]): number {
  let start = held.length;
  let i = held.length - 1;
  for (;;) {
    let digits = 0;
    while (i >= 0 && isDigit(held[i])) {
      digits++;
      i--;
    }
    if (digits > MAX_DIGITS || i < 0 || held[i] !== "[") return start;
    start = i;
    i--;
  }
}

/** A filter for one answer citing `sourceCount` sources. */
export function createCitationFilter(sourceCount: number): CitationFilter {
  // Characters not shown yet: an array, so that removing a citation at the end is cheap.
  let held: string[] = [];
  return {
    push(text) {
      for (const c of text) {
        held.push(c);
        const start = c === "]" ? invalidCitationStart(held, sourceCount) : -1;
        if (start >= 0) held.length = start;
      }
      const cut = holdStart(held);
      const ready = held.slice(0, cut).join("");
      held = held.slice(cut);
      return ready;
    },
    end() {
      const rest = held.join("");
      held = [];
      return rest;
    },
  };
}

/** The whole answer with every citation outside `1..sourceCount` removed. */
export function filterCitations(answer: string, sourceCount: number): string {
  const filter = createCitationFilter(sourceCount);
  return filter.push(answer) + filter.end();
}
