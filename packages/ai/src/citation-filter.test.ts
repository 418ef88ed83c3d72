import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCitationFilter, filterCitations } from "./citation-filter.js";

/** Pushes `pieces` through one filter and returns what it showed, piece by piece. */
function stream(pieces: readonly string[], sourceCount: number): string[] {
  const filter = createCitationFilter(sourceCount);
  return [...pieces.map((p) => filter.push(p)), filter.end()];
}

/** Splits `text` at the given code-point positions. */
function split(text: string, cuts: readonly number[]): string[] {
  const chars = [...text];
  const at = [...new Set(cuts.map((c) => c % (chars.length + 1)))].sort((a, b) => a - b);
  return [0, ...at].map((from, i) => chars.slice(from, at[i] ?? chars.length).join(""));
}

// Answers rich in brackets and digits, so that citations, near-citations and nested ones abound.
const answer = fc
  .array(
    fc.oneof(
      fc.constantFrom("[", "]", "0", "1", "2", "3", "7", "9", " ", "a", "é", "\n", "😀"),
      fc.integer({ min: 0, max: 12 }).map((n) => `[${n}]`),
      fc.constantFrom("[1234567890]", "[000000001]", "[[7]8]", "[12"),
    ),
    { maxLength: 80 },
  )
  .map((parts) => parts.join(""));

describe("filterCitations", () => {
  it("removes citations outside 1..n and keeps the others", () => {
    expect(filterCitations("Roads [1], bridges [2] and tunnels [7].", 2)).toBe(
      "Roads [1], bridges [2] and tunnels .",
    );
    expect(filterCitations("[0] zero [3] three [03]", 3)).toBe(" zero [3] three [03]");
    expect(filterCitations("not a citation: [ 1 ] [a] [] [1234567890]", 1)).toBe(
      "not a citation: [ 1 ] [a] [] [1234567890]",
    );
  });

  it("checks again what a removal joins together", () => {
    expect(filterCitations("[[7]8]", 2)).toBe("");
    expect(filterCitations("[[7]1]", 2)).toBe("[1]");
  });

  it("removes a citation split across deltas: [1 in one and 2] in the next", () => {
    expect(stream(["Answer [1", "2] end"], 3)).toEqual(["Answer ", " end", ""]);
    expect(stream(["Answer [", "2", "] end"], 3)).toEqual(["Answer ", "", "[2] end", ""]);
  });

  it("streams exactly the filtered answer, wherever the deltas are cut (property)", () => {
    fc.assert(
      fc.property(
        answer,
        fc.array(fc.nat(), { maxLength: 20 }),
        fc.integer({ min: 0, max: 10 }),
        (text, cuts, n) => {
          expect(stream(split(text, cuts), n).join("")).toBe(filterCitations(text, n));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("never leaves a citation outside 1..n, and changes nothing else (property)", () => {
    fc.assert(
      fc.property(answer, fc.integer({ min: 0, max: 10 }), (text, n) => {
        const filtered = filterCitations(text, n);
        for (const m of filtered.matchAll(/\[(\d{1,9})\]/gu)) {
          const cited = Number(m[1]);
          expect(cited >= 1 && cited <= n).toBe(true);
        }
        // Only whole citations are removed: without brackets and digits the texts agree.
        const rest = (s: string) => s.replace(/[[\]\d]/gu, "");
        expect(rest(filtered)).toBe(rest(text));
      }),
      { numRuns: 2000 },
    );
  });
});
