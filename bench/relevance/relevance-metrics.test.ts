import { describe, expect, it } from "vitest";
import {
  distinctInOrder,
  hitAt,
  meanFigures,
  ndcgAt,
  queryFigures,
  reciprocalRank,
} from "./relevance-metrics.ts";

const relevant = new Set(["a", "b", "c"]);

describe("relevance metrics", () => {
  it("nDCG@10 with binary gains matches hand-computed values", () => {
    // Relevant at ranks 1 and 3 of 3 relevant: (1 + 1/log2 4) / (1 + 1/log2 3 + 1/log2 4) = 1.5 / 2.1309...
    expect(ndcgAt(["a", "x", "b"], relevant)).toBeCloseTo(1.5 / (1 + 1 / Math.log2(3) + 0.5), 12);
    expect(ndcgAt(["a", "x", "b"], relevant)).toBeCloseTo(0.70392, 5);
    expect(ndcgAt(["c", "b", "a"], relevant)).toBe(1);
    expect(ndcgAt(["x", "y"], relevant)).toBe(0);
    // One relevant at rank 2 of one: (1/log2 3) / 1 = 0.63093.
    expect(ndcgAt(["x", "a"], new Set(["a"]))).toBeCloseTo(0.63093, 5);
    // Past the cut-off counts nothing; more relevant than the cut-off caps the ideal at k.
    expect(ndcgAt([..."xxxxxxxxxx".split("").map((x, i) => `${x}${i}`), "a"], relevant)).toBe(0);
    const many = new Set(Array.from({ length: 20 }, (_, i) => `r${i}`));
    expect(
      ndcgAt(
        Array.from({ length: 10 }, (_, i) => `r${i}`),
        many,
      ),
    ).toBe(1);
    expect(ndcgAt(["a"], new Set())).toBe(0);
  });

  it("MRR and hit@10 look at the first relevant tender within the cut-off", () => {
    expect(reciprocalRank(["x", "y", "b", "a"], relevant)).toBeCloseTo(1 / 3, 12);
    expect(reciprocalRank(["a"], relevant)).toBe(1);
    expect(reciprocalRank(["x"], relevant)).toBe(0);
    const eleventh = [...Array.from({ length: 10 }, (_, i) => `x${i}`), "a"];
    expect(reciprocalRank(eleventh, relevant)).toBe(0);
    expect(hitAt(eleventh, relevant)).toBe(0);
    expect(hitAt(["x", "c"], relevant)).toBe(1);
  });

  it("distinct tenders keep their first rank; means average each figure", () => {
    expect(distinctInOrder(["t1", "t2", "t1", "t3", "t2"])).toEqual(["t1", "t2", "t3"]);
    const one = queryFigures(["x", "a"], relevant);
    const two = queryFigures(["a", "b", "c"], relevant);
    expect(meanFigures([one, two])).toEqual({
      ndcg: (one.ndcg + 1) / 2,
      mrr: (0.5 + 1) / 2,
      hit: 1,
      queries: 2,
    });
    expect(meanFigures([])).toEqual({ ndcg: 0, mrr: 0, hit: 0, queries: 0 });
  });
});
