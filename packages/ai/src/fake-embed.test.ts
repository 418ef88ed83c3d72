import { hash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EMBEDDING_DIMENSION } from "./ai-provider.js";
import { FAKE_MODEL, fakeEmbed } from "./fake-embed.js";

// A second implementation of the recipe in docs/records.md#the-fake-embedder, written differently on purpose:
// one-shot crypto.hash, DataView, a sparse Map, and normalization at the end.
function referenceEmbed(text: string): number[] | null {
  const tokens = [
    ...text
      .normalize("NFKC")
      .toLowerCase()
      .matchAll(/[\p{L}\p{N}]+/gu),
  ].map((m) => m[0]);
  const counts = new Map<number, number>();
  for (const token of tokens) {
    const h = hash("sha256", new TextEncoder().encode(token), "buffer");
    const view = new DataView(h.buffer, h.byteOffset, h.byteLength);
    const index = view.getUint32(0, false) % 1024;
    const sign = (view.getUint8(4) & 1) === 1 ? -1 : 1;
    counts.set(index, (counts.get(index) ?? 0) + sign);
  }
  const norm = Math.hypot(...counts.values());
  if (norm === 0) return null;
  const out = new Array<number>(1024).fill(0);
  for (const [i, c] of counts) out[i] = c / norm;
  return out;
}

/** The non-zero positions of a vector as {index: value}. */
function nonZero(vector: number[] | null): Record<number, number> {
  if (!vector) throw new Error("expected a vector");
  return Object.fromEntries(vector.flatMap((x, i) => (x === 0 ? [] : [[i, x]])));
}

const third = 1 / Math.sqrt(3);

describe("fakeEmbed", () => {
  it("is named fake-hash-1024 and has 1024 dimensions", () => {
    expect(FAKE_MODEL).toBe("fake-hash-1024");
    expect(fakeEmbed("road")).toHaveLength(EMBEDDING_DIMENSION);
  });

  // Indices and signs from `printf %s TOKEN | sha256sum`: first 8 hex digits mod 1024, bit 0 of byte 5.
  it("matches known vectors for a Russian and an English text", () => {
    // поставка 92ca3a8f|15 → 655, −; серверного 16cf4d2b|b7 → 299, −; оборудования 58373787|e5 → 903, −
    const ru = nonZero(fakeEmbed("Поставка серверного оборудования"));
    expect(Object.keys(ru)).toEqual(["299", "655", "903"]);
    for (const i of [299, 655, 903]) expect(ru[i]).toBeCloseTo(-third, 15);
    // road 362a2849|52 → 73, +; maintenance 8589c63b|09 → 571, −; 2026 158a323a|7b → 570, −
    const en = nonZero(fakeEmbed("road maintenance 2026"));
    expect(Object.keys(en)).toEqual(["73", "570", "571"]);
    expect(en[73]).toBeCloseTo(third, 15);
    expect(en[570]).toBeCloseTo(-third, 15);
    expect(en[571]).toBeCloseTo(-third, 15);
  });

  it("counts repeated tokens", () => {
    const v = nonZero(fakeEmbed("road, road maintenance"));
    expect(v[73]).toBeCloseTo(2 / Math.sqrt(5), 15);
    expect(v[571]).toBeCloseTo(-1 / Math.sqrt(5), 15);
  });

  it("applies NFKC and lower case before tokenizing", () => {
    const road = fakeEmbed("road");
    expect(fakeEmbed("ＲＯＡＤ")).toEqual(road);
    expect(fakeEmbed("ROAD")).toEqual(road);
    expect(fakeEmbed("ﬁle")).toEqual(fakeEmbed("file"));
    expect(fakeEmbed("cafe\u0301")).toEqual(fakeEmbed("caf\u00e9"));
    expect(fakeEmbed("ПОСТАВКА Серверного, оборудования!")).toEqual(
      fakeEmbed("Поставка серверного оборудования"),
    );
    expect(fakeEmbed("road-maintenance")).toEqual(fakeEmbed("road maintenance"));
  });

  it("gives no vector to a text without tokens", () => {
    for (const text of ["", "   ", "—!?…", "\n\t.,;", "🙂🙂"]) expect(fakeEmbed(text)).toBeNull();
  });

  it("gives no vector when the signs cancel out (t83 and t104 both hit index 256)", () => {
    expect(nonZero(fakeEmbed("t83"))).toEqual({ 256: -1 });
    expect(nonZero(fakeEmbed("t104"))).toEqual({ 256: 1 });
    expect(fakeEmbed("t83 t104")).toBeNull();
  });

  it("agrees with an independent implementation and is unit length", () => {
    const words = fc.constantFrom(
      "road",
      "ROAD",
      "2026",
      "Поставка",
      "ﬁle",
      "t83",
      "t104",
      "é",
      " ",
      "-",
      "\n",
    );
    const texts = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 60 }),
      fc.array(words, { maxLength: 12 }).map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(texts, (text) => {
        const expected = referenceEmbed(text);
        const actual = fakeEmbed(text);
        if (expected === null) {
          expect(actual).toBeNull();
          return;
        }
        expect(actual).toHaveLength(1024);
        for (const [i, x] of (actual ?? []).entries()) expect(x).toBeCloseTo(expected[i] ?? Number.NaN, 12);
        expect(Math.hypot(...(actual ?? []))).toBeCloseTo(1, 12);
      }),
      { numRuns: 300 },
    );
  });
});
