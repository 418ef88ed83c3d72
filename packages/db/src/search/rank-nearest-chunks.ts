import { type RawBuilder, sql } from "kysely";
import type { Db } from "../database.js";
import { prepared } from "../sql/prepared.js";
import { vectorParam } from "../sql/vector-param.js";
import { type CompactQuery, compactQuery } from "./compact-query.js";
import { toRankedChunk, withDescription } from "./describe-ranked.js";
import type { RankedChunk, ShownChunk } from "./search-results.js";

export interface RankInput {
  embedding: readonly number[];
  /** Only chunks embedded by this model are ranked. */
  model: string;
  limit: number;
  /** Only chunks of the tenders matching this condition on `t` (a `tenders` row); none: every chunk of the model. */
  tenders?: RawBuilder<boolean>;
  /** Aborted when the caller no longer waits for the answer: no further statement starts. */
  signal?: AbortSignal;
  /**
   * Also cancel a statement running when `signal` aborts (`pg_cancel_backend` from a new
   * connection): for a statement outside a transaction, which no `statement_timeout` bounds.
   */
  cancelOnAbort?: boolean;
  /** How many candidates the compact scan keeps (N below); default 100. Tests use a few, to reach every branch with small tables. */
  candidates?: number;
  /** Return each ranked chunk with what a search result shows of it (`shown`), from the same statement. */
  describe?: boolean;
  /**
   * The transaction's `max_parallel_workers_per_gather`, written into the unfiltered statement's
   * text: a prepared statement keeps the plan made under the settings of its first runs, so
   * each setting needs a statement of its own.
   */
  parallelWorkers?: number;
}

/** Candidates the compact scan keeps per query; the exact re-rank reads their full vectors. */
const CANDIDATES = 100;

/**
 * The chunks in scope with the `limit` smallest `embedding <=> query` (NaN distances left out),
 * closest first, chunk id breaking ties: exactly the ranking of a full scan of `embedding`.
 *
 * How, and why it is exact (d(x) = full distance, a(x) = 1 + (embedding_half <#> h), E the
 * bound of `compactQuery`: |a(x) − d(x)| ≤ E whenever embedding_half is not NULL):
 * 1. The compact scan keeps the N = 100 chunks with the smallest a (NULL compact first, so a
 *    chunk that must be checked with its full vector is always kept), computes d only for them,
 *    and ranks them by (d, id). Let A be the largest a kept and D the `limit`-th distance.
 * 2. Proven when fewer than N chunks are in scope (every chunk was ranked), or when D < A − E:
 *    every chunk x left out has a non-NULL compact and a(x) ≥ A, so d(x) ≥ a(x) − E ≥ A − E > D.
 *    It is strictly farther than `limit` kept chunks and cannot enter the answer, not even on a
 *    tie; the kept ones are ranked by the same d and id as the full scan would rank them.
 * 3. Otherwise (near-ties, many equal vectors, NULL compacts), a second pass ranks by d every
 *    chunk whose compact could still reach D: NULL, or a(x) ≤ D + E. Any chunk of the true
 *    answer has d(x) ≤ D (the `limit` kept chunks already reach D), hence a(x) ≤ d(x) + E ≤ D + E.
 *    When the first pass found fewer than `limit` chunks with a distance, or the query's length
 *    is out of the bounded range, the second pass ranks every chunk in scope.
 */
export async function rankNearestChunks(db: Db, input: RankInput): Promise<RankedChunk[]> {
  const compact = compactQuery(input.embedding);
  const scope = inScope(input);
  if (!compact) return rankByFullVector(db, input, scope, undefined, undefined);
  const first = await rankCandidates(db, input, compact, scope, undefined);
  if (first.proven) return first.ranked;
  return rankByFullVector(db, input, scope, compact, first.reach);
}

/**
 * The ranking of {@link rankNearestChunks} from its first statement alone (step 1), or undefined
 * when that statement cannot prove its cut (step 2) or the query has no compact form: then
 * `rankNearestChunks` must run, in one snapshot.
 */
export async function rankNearestIfProven(db: Db, input: RankInput): Promise<RankedChunk[] | undefined> {
  const compact = compactQuery(input.embedding);
  if (!compact) return undefined;
  const first = await rankCandidates(db, input, compact, inScope(input), undefined);
  return first.proven ? first.ranked : undefined;
}

/**
 * The same ranking restricted to the tenders matching `input.tenders`, from the candidates of the
 * unrestricted compact scan filtered after the cut (no per-chunk probe of the filter during the
 * scan), or undefined when that cannot be proven exact (step 2 above, with the left-out chunks
 * of the restricted scope a subset of those of the unrestricted one).
 */
export async function rankNearestThenFilter(db: Db, input: RankInput): Promise<RankedChunk[] | undefined> {
  const compact = compactQuery(input.embedding);
  if (!compact || !input.tenders) return undefined;
  const keep = sql<boolean>`tender_id IN (SELECT t.id FROM tenders AS t WHERE ${input.tenders})`;
  const first = await rankCandidates(db, input, compact, inScope({ ...input, tenders: undefined }), keep);
  return first.proven ? first.ranked : undefined;
}

function inScope(input: RankInput): RawBuilder<boolean> {
  const model = sql<boolean>`c.embedding_model = ${input.model}`;
  if (!input.tenders) return model;
  return sql<boolean>`${model} AND c.tender_id IN (SELECT t.id FROM tenders AS t WHERE ${input.tenders})`;
}

/**
 * The compact scan and re-rank of its candidates (step 1), as one statement; for EXPLAIN too.
 * `OFFSET 0` keeps each exact subquery from being merged into the statement around it: merged,
 * the distance is computed twice per row (the NaN filter and the sort key), and each time the
 * full vector is read again from TOAST (measured at 1,000 chunks: the re-rank of 100
 * candidates took 1.3 ms merged, 0.7 ms apart).
 */
export function nearestCandidatesSql(
  input: RankInput,
  compact: CompactQuery,
  scope: RawBuilder<boolean> = inScope(input),
  keep?: RawBuilder<boolean>,
) {
  const ranked = sql`
    SELECT id, distance FROM (
      SELECT id, embedding <=> ${vectorParam(input.embedding)}::vector AS distance
      FROM candidates WHERE ${keep ?? sql`true`}
      OFFSET 0
    ) AS exact
    WHERE distance <> 'NaN'::float8
    ORDER BY distance, id
    LIMIT ${input.limit}`;
  const workers = sql.raw(`/* ${Math.trunc(input.parallelWorkers ?? 0)} parallel workers */`);
  const statement = sql<CandidateRow>`${workers}
    WITH candidates AS MATERIALIZED (
      SELECT c.id, c.tender_id, c.embedding, c.embedding_half <#> ${compact.halfvec}::halfvec(1024) AS approx
      FROM chunks AS c
      WHERE ${scope}
      ORDER BY approx NULLS FIRST
      LIMIT ${input.candidates ?? CANDIDATES}
    )
    SELECT s.considered, s.last, r.*
    FROM (SELECT count(*)::int AS considered, max(approx) AS last FROM candidates) AS s
    LEFT JOIN LATERAL (${withDescription(ranked, input.describe ?? false)}) AS r ON true
    ORDER BY r.distance, r.id`;
  // Unfiltered, the text is the same for every query: PostgreSQL keeps its plan. A filter's
  // text varies with the filter, and its plan with what the filter matches: planned each time.
  return input.tenders || keep ? statement : prepared(statement);
}

type CandidateRow = { considered: number; last: number | null } & (
  | (RankedChunk & Partial<ShownChunk>)
  | { id: null; distance: null }
);

async function rankCandidates(
  db: Db,
  input: RankInput,
  compact: CompactQuery,
  scope: RawBuilder<boolean>,
  keep: RawBuilder<boolean> | undefined,
): Promise<{ ranked: RankedChunk[]; proven: boolean; reach: number | undefined }> {
  input.signal?.throwIfAborted();
  const abort =
    input.signal && input.cancelOnAbort
      ? { signal: input.signal, inflightQueryAbortStrategy: "cancel query" as const }
      : undefined;
  const { rows } = await nearestCandidatesSql(input, compact, scope, keep).execute(db, abort);
  const ranked = rows.flatMap((r) => (r.id === null ? [] : [toRankedChunk(r)]));
  const considered = rows[0]?.considered ?? 0;
  const last = rows[0]?.last ?? null;
  const kth = ranked.length === input.limit ? ranked[input.limit - 1]?.distance : undefined;
  const proven =
    considered < (input.candidates ?? CANDIDATES) ||
    (kth !== undefined && last !== null && kth < 1 + last - compact.bound);
  // Step 3: a chunk of the answer has a ≤ D + E, i.e. (embedding_half <#> h) ≤ D + E − 1.
  return { ranked, proven, reach: kth === undefined ? undefined : kth + compact.bound - 1 };
}

async function rankByFullVector(
  db: Db,
  input: RankInput,
  scope: RawBuilder<boolean>,
  compact: CompactQuery | undefined,
  reach: number | undefined,
): Promise<RankedChunk[]> {
  input.signal?.throwIfAborted();
  const reachable =
    compact && reach !== undefined
      ? sql`AND (c.embedding_half IS NULL OR c.embedding_half <#> ${compact.halfvec}::halfvec(1024) <= ${reach}::float8)`
      : sql``;
  const ranked = sql`
    SELECT id, distance FROM (
      SELECT c.id, c.embedding <=> ${vectorParam(input.embedding)}::vector AS distance
      FROM chunks AS c
      WHERE ${scope} ${reachable}
      OFFSET 0
    ) AS exact
    WHERE distance <> 'NaN'::float8
    ORDER BY distance, id
    LIMIT ${input.limit}`;
  const { rows } = await sql<RankedChunk & Partial<ShownChunk>>`
    ${withDescription(ranked, input.describe ?? false)} ORDER BY r.distance, r.id`.execute(db);
  return rows.map(toRankedChunk);
}
