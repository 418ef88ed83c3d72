import { halfvecParam } from "../sql/halfvec-param.js";

/** Dimension of every stored embedding. */
const DIMS = 1024;
/** Unit roundoff of float4 and of half (round to nearest). */
const U4 = 2 ** -24;
const U2 = 2 ** -11;
/**
 * γₙ (Higham, Accuracy and Stability, 3.1): a float4 dot product of n terms, summed in any
 * order, with or without fused multiply-adds, is within γₙ·Σ|aᵢbᵢ| of the exact one.
 */
const GAMMA = (DIMS * U4) / (1 - DIMS * U4);
/**
 * ‖ŵ − c‖ for a chunk: c = `l2_normalize(embedding)::halfvec`, ŵ = embedding/‖embedding‖ exactly.
 * l2_normalize divides each float4 by the norm computed in double (rel. error ≤ 2⁻²⁴ + 1e-12 per
 * value); the cast to half rounds to nearest in every pgvector build (F16C, _Float16 and the
 * portable code; a test checks it against Math.f16round): ≤ 2⁻¹¹ relative for normal halves,
 * ≤ 2⁻²⁵ absolute in the subnormal range, i.e. ≤ √1024·2⁻²⁵ = 2⁻²⁰ over the whole vector.
 */
const CHUNK_ROUNDING = U2 * (1 + U4) * (1 + 2 * U4) + 2 ** -20 + U4 + 1e-12;
/** Length range of the vectors the bound covers: float4 sums of squares neither overflow nor lose meaning to underflow. */
export const COMPACT_NORM_RANGE = [1e-10, 1e10] as const;

/** The query in the form the compact scan compares with, and how far that comparison may be off. */
export interface CompactQuery {
  /** The unit-length query rounded to half here, as a binary `halfvec` parameter: the server adds no rounding of its own. */
  halfvec: Buffer;
  /**
   * E: for every chunk whose `embedding_half` is not NULL,
   * |(1 + (embedding_half <#> halfvec)) − (embedding <=> query::vector)| ≤ E.
   */
  bound: number;
}

/**
 * The compact form of a query vector and the error bound of the compact scan for it, or
 * undefined when the query's length is outside `COMPACT_NORM_RANGE` (the caller then ranks
 * every chunk by its full vector).
 *
 * Why the bound holds (q the query, v a chunk's stored float4 vector, u = q/‖q‖ and ŵ = v/‖v‖
 * in exact arithmetic, s* = u·ŵ their cosine; h the query's half vector, c the chunk's):
 * 1. Compact side: a = 1 + (c <#> h) = 1 − fl4(h·c), and h·c − s* = (h − u)·c + u·(c − ŵ), so by
 *    Cauchy–Schwarz |h·c − s*| ≤ εq‖c‖ + εc with εq = ‖h − u‖ (measured here, in double) and
 *    εc ≤ CHUNK_ROUNDING (‖c‖ ≤ 1 + εc); the float4 sum adds γₙ‖h‖‖c‖.
 * 2. Full side: pgvector computes fl4(q·v) / √(fl4(q·q)·fl4(v·v)) with q rounded to float4
 *    (moves the cosine by ≤ 2·2⁻²⁴); each sum is within γₙ of its exact value relative to
 *    ‖q‖‖v‖ (no overflow or underflow for lengths in COMPACT_NORM_RANGE), so the similarity is
 *    within 2γₙ/(1 − γₙ) of s*. Clamping to [−1, 1] only moves it towards s* ∈ [−1, 1].
 * 3. |a − d| ≤ |fl4(h·c) − s*| + |s_full − s*| ≤ E, the sum of the terms above plus 1e-9 for
 *    the double arithmetic of this function and of the comparisons made with E.
 */
export function compactQuery(embedding: readonly number[]): CompactQuery | undefined {
  let sumSquares = 0;
  for (const x of embedding) sumSquares += x * x;
  const norm = Math.sqrt(sumSquares);
  if (!(norm >= COMPACT_NORM_RANGE[0] && norm <= COMPACT_NORM_RANGE[1])) return undefined;
  const half = embedding.map((x) => Math.f16round(x / norm));
  let errorSquares = 0;
  let halfSquares = 0;
  for (const [i, h] of half.entries()) {
    errorSquares += (h - (embedding[i] as number) / norm) ** 2;
    halfSquares += h * h;
  }
  const queryRounding = Math.sqrt(errorSquares) * (1 + 1e-12) + 1e-12;
  const halfNorm = Math.sqrt(halfSquares) * (1 + 1e-12);
  const chunkNorm = 1 + CHUNK_ROUNDING;
  const compactSide = queryRounding * chunkNorm + CHUNK_ROUNDING + GAMMA * halfNorm * chunkNorm;
  const fullSide = (2 * GAMMA) / (1 - GAMMA) + 2 * U4;
  return { halfvec: halfvecParam(half), bound: compactSide + fullSide + 1e-9 };
}

/**
 * E for two stored compact vectors, a saved search's `query_half` against a chunk's
 * `embedding_half` (both `l2_normalize(v)::halfvec`, both non-NULL):
 * |(1 + (embedding_half <#> query_half)) − (embedding <=> query_embedding)| ≤ E.
 * The proof of `compactQuery`, with the query rounded by the server like the chunk:
 * εq ≤ CHUNK_ROUNDING and ‖h‖ ≤ 1 + CHUNK_ROUNDING instead of measured values.
 */
export const COMPACT_PAIR_BOUND =
  CHUNK_ROUNDING * (1 + CHUNK_ROUNDING) +
  CHUNK_ROUNDING +
  GAMMA * (1 + CHUNK_ROUNDING) ** 2 +
  (2 * GAMMA) / (1 - GAMMA) +
  2 * U4 +
  1e-9;
