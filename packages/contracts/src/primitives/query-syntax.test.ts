import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isIdentifierShaped, parseQuerySyntax, renderWebsearch } from "./query-syntax.js";

/** Pieces a hostile query is made of: operators alone, quotes, stop words, every script, emoji. */
const pieceArb = fc.oneof(
  fc.constantFrom(
    "OR",
    "-",
    '"',
    "--",
    "-OR",
    '-"',
    "or",
    "AND",
    "the",
    "der",
    "und",
    "\\",
    "''",
    "(",
    ")",
    "*",
    ":*",
    "&",
    "|",
    "!",
    "<->",
  ),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 8 }),
  fc.string({ unit: "binary", minLength: 1, maxLength: 4 }),
  fc.constantFrom(
    "😀",
    "👩‍👩‍👧",
    "ß",
    "Łódź",
    "Ωμέγα",
    "東京",
    "مرحبا",
    "ñ",
    "\u0301",
    "000002-2019",
    "2-2019",
    "ocds-b5fd17-1",
  ),
);
const queryArb = fc.array(pieceArb, { maxLength: 300 }).map((pieces) => pieces.join(" "));

describe("parseQuerySyntax", () => {
  it("reads words, phrases, OR and exclusions as people type them", () => {
    expect(parseQuerySyntax('road "winter maintenance" bridge OR tunnel -rail -"high speed"')).toEqual({
      groups: [
        [{ kind: "word", text: "road" }],
        [{ kind: "phrase", text: "winter maintenance" }],
        [
          { kind: "word", text: "bridge" },
          { kind: "word", text: "tunnel" },
        ],
      ],
      excluded: [
        { kind: "word", text: "rail" },
        { kind: "phrase", text: "high speed" },
      ],
      identifiers: [],
      terms: 6,
    });
  });

  it("ends an unbalanced quote at the end and ignores operators with nothing to apply to", () => {
    expect(parseQuerySyntax('OR - "road works').groups).toEqual([[{ kind: "phrase", text: "road works" }]]);
    expect(parseQuerySyntax("OR OR -").terms).toBe(0);
    expect(parseQuerySyntax("a OR").groups).toEqual([[{ kind: "word", text: "a" }]]);
  });

  it("reads the first 32 terms and leaves the rest to the vector", () => {
    const parsed = parseQuerySyntax(Array.from({ length: 100 }, (_, i) => `-w${i} v${i}`).join(" OR "));
    expect(parsed.terms).toBe(32);
    expect(parsed.excluded[0]).toEqual({ kind: "word", text: "w0" });
  });

  it("finds identifier-shaped words", () => {
    expect(parseQuerySyntax("notice 2-2019 ocds-b5fd17-abc123").identifiers).toEqual([
      "2-2019",
      "ocds-b5fd17-abc123",
    ]);
    expect(isIdentifierShaped("road")).toBe(false);
    expect(isIdentifierShaped("-2019")).toBe(false);
  });

  it("never throws, and renders only quoted terms (no quote or backslash inside one), whatever is typed", () => {
    fc.assert(
      fc.property(queryArb, (query) => {
        const parsed = parseQuerySyntax(query);
        expect(parsed.terms).toBe(parsed.groups.flat().length + parsed.excluded.length);
        expect(parsed.terms).toBeLessThanOrEqual(32);
        for (const term of [...parsed.groups.flat(), ...parsed.excluded]) {
          expect(term.text).not.toMatch(/["\\]/);
          expect(term.text).toMatch(/[\p{L}\p{N}]/u);
          expect(term.text).toBe(term.text.trim());
        }
        const rendered = renderWebsearch(parsed.groups);
        // Every quote opens or closes a term: an even number, terms between them.
        expect((rendered.match(/"/g) ?? []).length % 2).toBe(0);
        expect(parsed.groups.every((g) => g.length > 0)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
