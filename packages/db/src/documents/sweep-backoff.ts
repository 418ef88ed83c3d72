import { type SelectQueryBuilder, sql } from "kysely";
import type { Database, Db } from "../database.js";

/**
 * The two columns of one sweeper's backoff on `tenders`: how often it re-announced the tender,
 * and the time before which it leaves the tender alone.
 */
export type SweepBackoffColumns =
  | { attempts: "index_attempts"; nextAt: "next_index_at" }
  | { attempts: "download_sweep_attempts"; nextAt: "next_download_sweep_at" };

/** The indexer's sweeper (0002). */
export const INDEX_SWEEP: SweepBackoffColumns = { attempts: "index_attempts", nextAt: "next_index_at" };
/** The downloader's sweeper (0004). */
export const DOWNLOAD_SWEEP: SweepBackoffColumns = {
  attempts: "download_sweep_attempts",
  nextAt: "next_download_sweep_at",
};

/** Counts a re-announcement and keeps the sweeper away from the tender until `nextAt`. */
export async function scheduleNextSweep(
  db: Db,
  columns: SweepBackoffColumns,
  tenderId: string,
  nextAt: Date,
): Promise<void> {
  const attempts = sql.ref(columns.attempts);
  await sql`UPDATE tenders SET ${attempts} = ${attempts} + 1, ${sql.ref(columns.nextAt)} = ${nextAt}
    WHERE id = ${tenderId}`.execute(db);
}

/** Forgets the sweeper's backoff of a tender. Writes only when there is one. */
export async function clearSweepBackoff(
  db: Db,
  columns: SweepBackoffColumns,
  tenderId: string,
): Promise<void> {
  const attempts = sql.ref(columns.attempts);
  const nextAt = sql.ref(columns.nextAt);
  await sql`UPDATE tenders SET ${attempts} = 0, ${nextAt} = NULL
    WHERE id = ${tenderId} AND (${attempts} <> 0 OR ${nextAt} IS NOT NULL)`.execute(db);
}

/**
 * Narrows `query` to the tenders the sweeper's backoff lets through at `now` and locks up to
 * `limit` of them, least recently updated first, skipping rows another sweeper (or a committing
 * writer) holds.
 */
export function claimDueForSweep<O>(
  query: SelectQueryBuilder<Database, "tenders", O>,
  columns: SweepBackoffColumns,
  now: Date,
  limit: number,
): SelectQueryBuilder<Database, "tenders", O> {
  return query
    .where((eb) => eb.or([eb(columns.nextAt, "is", null), eb(columns.nextAt, "<=", now)]))
    .orderBy("updated_at")
    .orderBy("id")
    .limit(limit)
    .forUpdate()
    .skipLocked();
}
