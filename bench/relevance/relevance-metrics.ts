// The figures of the relevance benchmark, over a ranked list of distinct tender ids and the set
// of relevant ones (binary judgments). Pure, so a unit test checks them against hand computations.

/** The metrics' cut-off: the 10 best distinct tenders of an answer. */
export const RANK_CUTOFF = 10;

/**
 * nDCG at `k` with binary gains: the sum of 1/log2(rank+1) over the relevant tenders in the first
 * `k`, divided by that sum for an ideal list (every relevant tender first, at most `k`). 0 when
 * nothing is relevant.
 */
export function ndcgAt(ranked: readonly string[], relevant: ReadonlySet<string>, k = RANK_CUTOFF): number {
  const ideal = Math.min(relevant.size, k);
  if (ideal === 0) return 0;
  let dcg = 0;
  ranked.slice(0, k).forEach((id, index) => {
    if (relevant.has(id)) dcg += 1 / Math.log2(index + 2);
  });
  let idcg = 0;
  for (let index = 0; index < ideal; index++) idcg += 1 / Math.log2(index + 2);
  return dcg / idcg;
}

/** 1/rank of the first relevant tender in the first `k`; 0 when none is there. */
export function reciprocalRank(
  ranked: readonly string[],
  relevant: ReadonlySet<string>,
  k = RANK_CUTOFF,
): number {
  const index = ranked.slice(0, k).findIndex((id) => relevant.has(id));
  return index < 0 ? 0 : 1 / (index + 1);
}

/** 1 when a relevant tender is in the first `k`, else 0. */
export function hitAt(ranked: readonly string[], relevant: ReadonlySet<string>, k = RANK_CUTOFF): number {
  return ranked.slice(0, k).some((id) => relevant.has(id)) ? 1 : 0;
}

/** The distinct values of a list, first occurrence kept, in order (tenders of an answer's fragments). */
export function distinctInOrder(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

export interface QueryFigures {
  ndcg: number;
  mrr: number;
  hit: number;
}

/** nDCG@k, reciprocal rank and hit@k of one answer. */
export function queryFigures(
  ranked: readonly string[],
  relevant: ReadonlySet<string>,
  k = RANK_CUTOFF,
): QueryFigures {
  return {
    ndcg: ndcgAt(ranked, relevant, k),
    mrr: reciprocalRank(ranked, relevant, k),
    hit: hitAt(ranked, relevant, k),
  };
}

/** The mean of each figure over a group of answers, with their count; zeros for an empty group. */
export function meanFigures(figures: readonly QueryFigures[]): QueryFigures & { queries: number } {
  const n = figures.length;
  const mean = (pick: (f: QueryFigures) => number) =>
    n === 0 ? 0 : figures.reduce((s, f) => s + pick(f), 0) / n;
  return { ndcg: mean((f) => f.ndcg), mrr: mean((f) => f.mrr), hit: mean((f) => f.hit), queries: n };
}
