import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bm25Index, tokens } from "./bm25.ts";

describe("bm25Index", () => {
  it("ranks a document holding the query's rare word above one holding only its common words", () => {
    const index = bm25Index(
      new Map([
        ["a", "supply of hospital beds"],
        ["b", "supply of office paper"],
        ["c", "supply of road salt"],
      ]),
    );
    expect(index.rank("hospital supply", () => true)).toEqual(["a", "b", "c"]);
    expect(index.rank("hospital supply", (id) => id !== "a")).toEqual(["b", "c"]);
  });

  it("returns only documents sharing a token with the query, each once", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 30 }), { maxLength: 8 }),
        fc.string({ maxLength: 30 }),
        (docs, query) => {
          const index = bm25Index(new Map(docs.map((d, i) => [String(i), d])));
          const ranked = index.rank(query, () => true);
          expect(new Set(ranked).size).toBe(ranked.length);
          const words = new Set(tokens(query));
          for (const id of ranked)
            expect(tokens(docs[Number(id)] ?? "").some((w) => words.has(w))).toBe(true);
        },
      ),
    );
  });
});
