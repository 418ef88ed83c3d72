import type { TenderFilters } from "@tender/contracts";
import { sql } from "kysely";
import { hasTenderFilters, tenderFilterSql } from "../browse/tender-filter-sql.js";
import type { Db } from "../database.js";
import { compactQuery } from "./compact-query.js";
import { toChunkMatches } from "./describe-ranked.js";
import { nearestAmongMatching } from "./filtered-search.repository.js";
import {
  nearestCandidatesSql,
  type RankInput,
  rankNearestChunks,
  rankNearestIfProven,
} from "./rank-nearest-chunks.js";
import type { ChunkMatch } from "./search-results.js";
import { searchSettings } from "./search-settings.js";

export interface SearchChunksInput {
  /** The query vector: 1024 finite numbers, not all zero. */
  embedding: readonly number[];
  /** The active embedding model: only chunks embedded by it are searched. */
  model: string;
  /** Chunks scoring below this are dropped. */
  minScore: number;
  limit: number;
  /** Only chunks of the tenders matching these (docs/api.md#filters); none: every chunk. */
  filters?: TenderFilters;
  /** The instant `filters.open` compares deadlines with; default now. */
  now?: Date;
  /** Parallel workers the scan may use besides the connection's own process; default 0 ({@link searchSettings}). */
  parallelWorkers?: number;
  /**
   * True when every connection of `db` was opened with `searchSettings(parallelWorkers)` as
   * `createDb`'s `sessionSettings`: an unfiltered search is then one autocommitted statement
   * (no transaction of its own to carry the settings) unless its cut cannot be proven.
   */
  settingsOnConnection?: boolean;
  /**
   * The time left before the caller's deadline, in ms: a search in its own transaction sets it
   * as `statement_timeout`, so a statement still running at the deadline is cancelled by the
   * server (SQLSTATE 57014) instead of running on for nobody.
   */
  statementTimeoutMs?: number;
  /**
   * Aborted at the caller's deadline: no further statement of the search starts, and the
   * one-statement search (`settingsOnConnection`) is cancelled where it stands.
   */
  signal?: AbortSignal;
}

/**
 * The exact nearest chunks of the query vector (docs/api.md#search): score = 1 − cosine distance bounded
 * to [−1, 1]; chunks below `minScore` dropped; closest first, chunk uuid breaking ties; at most
 * `limit`. Only chunks of the active model `model` count (a query vector is meaningless against
 * another model's vectors); chunks of every `index_status` count, so a tender being re-indexed
 * keeps its old chunks searchable. No approximate index: a scan of the compact copy of every
 * vector, whose candidates are re-ranked by their full vectors, provably the same answer as a
 * full scan (`rankNearestChunks`), then the winners are joined with what a result shows.
 *
 * Runs under {@link searchSettings}: set in a read-only REPEATABLE READ transaction of its own
 * (every statement of a search sees one snapshot), or, with `settingsOnConnection`, already
 * set on the connection, where an unfiltered search whose cut is proven is a single statement.
 *
 * With `filters`, the answer is the same restricted to the chunks of the matching tenders (same
 * scores, order, tie-break and cut). When the planner expects most tenders to match, the
 * unfiltered scan's candidates are filtered (`nearestAmongMatching`); otherwise, or when that is
 * not proven exact, the matching tender ids are selected first and the planner reaches their
 * chunks through `chunks(tender_id)` (bench/search/filtered.ts).
 */
export async function searchChunks(db: Db, input: SearchChunksInput): Promise<ChunkMatch[]> {
  const rank = toRankInput(input);
  input.signal?.throwIfAborted();
  if (input.settingsOnConnection && !rank.tenders) {
    // One autocommitted statement has no transaction to carry a timeout: at the deadline it is
    // cancelled instead (pg_cancel_backend from a short-lived connection).
    const ranked = await rankNearestIfProven(db, { ...rank, cancelOnAbort: true });
    if (ranked) return toChunkMatches(ranked, input.minScore);
  }
  const settings = Object.entries({
    ...searchSettings(input.parallelWorkers ?? 0),
    // 0 would mean no timeout at all: at least 1 ms.
    ...(input.statementTimeoutMs === undefined
      ? {}
      : { statement_timeout: String(Math.max(1, Math.ceil(input.statementTimeoutMs))) }),
  })
    .map(([name, value]) => `SET LOCAL ${name} = '${value}';`)
    .join(" ");
  return db.connection().execute(async (conn) => {
    // BEGIN and the settings in one round trip; SET LOCAL ends with the transaction.
    await sql.raw(`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; ${settings}`).execute(conn);
    try {
      let ranked = rank.tenders
        ? await nearestAmongMatching(conn, { ...rank, tenders: rank.tenders })
        : undefined;
      ranked ??= await rankNearestChunks(conn, rank);
      const matches = toChunkMatches(ranked, input.minScore);
      await sql`COMMIT`.execute(conn);
      return matches;
    } catch (error) {
      await sql`ROLLBACK`.execute(conn).catch(() => undefined);
      throw error;
    }
  });
}

/** The compact scan `searchChunks` runs first, for a benchmark's or a test's EXPLAIN; undefined when the query has no compact form. */
export function searchChunksSql(input: SearchChunksInput) {
  const compact = compactQuery(input.embedding);
  return compact && nearestCandidatesSql(toRankInput(input), compact);
}

function toRankInput(input: SearchChunksInput): RankInput {
  const rank = {
    embedding: input.embedding,
    model: input.model,
    limit: input.limit,
    describe: true,
    parallelWorkers: input.parallelWorkers ?? 0,
    ...(input.signal ? { signal: input.signal } : {}),
  };
  if (!hasTenderFilters(input.filters)) return rank;
  return { ...rank, tenders: tenderFilterSql(input.filters, input.now ?? new Date()) };
}
