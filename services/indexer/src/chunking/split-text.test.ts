import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeText } from "./normalize-text.js";
import { splitText } from "./split-text.js";

const sentence = (i: number) => `Sentence ${i} is about the repair of bridge number ${i}.`;

describe("splitText", () => {
  it("keeps a short text whole", () => {
    expect(splitText("A short notice.")).toEqual(["A short notice."]);
    expect(splitText("   ")).toEqual([]);
  });

  it("prefers paragraph boundaries", () => {
    const p1 = "a".repeat(700);
    const p2 = "b".repeat(700);
    expect(splitText(`${p1}\n\n${p2}`)).toEqual([p1, p2]);
  });

  it("splits a long paragraph at sentences, with about 150 characters of overlap", () => {
    const text = Array.from({ length: 60 }, (_, i) => sentence(i)).join(" ");
    const pieces = splitText(text);
    expect(pieces.length).toBeGreaterThan(2);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(1200);
      expect(piece).toMatch(/^Sentence \d+ .*\.$/s);
    }
    for (let i = 1; i < pieces.length; i++) {
      const firstSentence = /^Sentence \d+ [^.]*\./.exec(pieces[i] as string)?.[0] ?? "";
      expect(pieces[i - 1]).toContain(firstSentence);
    }
  });

  it("falls back to words, then cuts a word longer than a piece without splitting surrogate pairs", () => {
    const words = Array.from({ length: 400 }, (_, i) => `word${i}`).join(" ");
    for (const piece of splitText(words)) expect(piece).toMatch(/^word\d+( word\d+)*$/);
    const emoji = "😀".repeat(1000);
    const pieces = splitText(emoji);
    expect(pieces.join("")).toBe(emoji);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(1200);
  });

  it("never makes a piece over the size, loses no word, and is deterministic", () => {
    const text = fc.array(
      fc.oneof(
        fc.stringMatching(/^[a-zà-ü]{1,30}$/),
        fc.constantFrom(".", "\n", "\n\n", "!", " ", "  "),
        fc.stringMatching(/^[a-z]{1300,1500}$/),
      ),
      { maxLength: 400 },
    );
    fc.assert(
      fc.property(text, fc.integer({ min: 50, max: 1500 }), (parts, size) => {
        const input = parts.join(" ");
        const overlap = Math.floor(size / 8);
        const pieces = splitText(input, { chunkSize: size, overlap });
        expect(splitText(input, { chunkSize: size, overlap })).toEqual(pieces);
        for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(size);
        const joined = pieces.join(" ");
        for (const word of input.split(/\s+/))
          if (word.length > 0 && word.length <= size) expect(joined).toContain(word);
      }),
      { numRuns: 60 },
    );
  });
});

describe("normalizeText", () => {
  it("unifies line breaks, drops control characters and soft hyphens, collapses blanks", () => {
    expect(normalizeText("  Road\u00adworks\r\n\r\n\r\n\r\nline\u0007two \t\t end  \u2028next ")).toBe(
      "Roadworks\n\nline two end\nnext",
    );
    expect(normalizeText("e\u0301")).toBe("é");
  });
});
