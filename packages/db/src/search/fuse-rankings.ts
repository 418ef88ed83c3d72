import { MATCH_KINDS, type MatchKind } from "@tender/contracts";

/** One list of a hybrid search: chunk ids, best first. */
export interface RankedList {
  kind: MatchKind;
  ids: readonly string[];
  /** How much the list counts in the fusion; 1 when absent. */
  weight?: number;
}

/** A chunk of the fused ranking, with the lists that found it (in MATCH_KINDS order). */
export interface FusedChunk {
  id: string;
  matched: MatchKind[];
}

/**
 * The fusions compared on the development queries (docs/benchmarks.md#hybrid-relevance); `rrf` is what
 * Search uses. `rrf`: Σ weight/(60 + rank) over the lists; `rrf-equal`: every weight 1; `rrf10`: the same with 10, the first places
 * of each list weighing more; `cascade`: the lists one after the other (identifiers, buyer, CPV,
 * words, vector), each in its own order.
 */
export const FUSION_METHODS = ["rrf", "rrf-equal", "rrf10", "cascade"] as const;
export type FusionMethod = (typeof FUSION_METHODS)[number];

function weightOf(
  method: FusionMethod,
  rank: number,
  listIndex: number,
  lists: number,
  weight: number,
): number {
  if (method === "rrf") return weight / (60 + rank);
  if (method === "rrf-equal") return 1 / (60 + rank);
  if (method === "rrf10") return 1 / (10 + rank);
  return (lists - listIndex) * 1e6 - rank;
}

/**
 * The fused ranking of `lists` (docs/api.md#hybrid-search): chunks found by the identifier list
 * first, in its order; then every other chunk by its summed fusion score, chunk id breaking ties.
 */
export function fuseRankings(lists: readonly RankedList[], method: FusionMethod = "rrf"): FusedChunk[] {
  const score = new Map<string, number>();
  const kinds = new Map<string, Set<MatchKind>>();
  const pinned = new Map<string, number>();
  lists.forEach((list, listIndex) => {
    list.ids.forEach((id, i) => {
      const rank = i + 1;
      const weight = weightOf(method, rank, listIndex, lists.length, list.weight ?? 1);
      // Cascade keeps the first list's place; the sums of RRF add the lists up.
      score.set(
        id,
        method === "cascade" ? Math.max(score.get(id) ?? 0, weight) : (score.get(id) ?? 0) + weight,
      );
      if (!kinds.has(id)) kinds.set(id, new Set());
      kinds.get(id)?.add(list.kind);
      if (list.kind === "id" && !pinned.has(id)) pinned.set(id, i);
    });
  });
  const ids = [...score.keys()].sort((a, b) => {
    const pa = pinned.get(a) ?? Number.POSITIVE_INFINITY;
    const pb = pinned.get(b) ?? Number.POSITIVE_INFINITY;
    if (pa !== pb) return pa - pb;
    const d = (score.get(b) ?? 0) - (score.get(a) ?? 0);
    if (d !== 0) return d;
    return a < b ? -1 : a > b ? 1 : 0;
  });
  return ids.map((id) => ({ id, matched: MATCH_KINDS.filter((k) => kinds.get(id)?.has(k)) }));
}
