import { type RawBuilder, sql } from "kysely";
import type { Db } from "../database.js";
import { type RankInput, rankNearestThenFilter } from "./rank-nearest-chunks.js";
import type { RankedChunk } from "./search-results.js";

/** From this estimated share of matching tenders on, the nearest chunks are ranked first and then filtered. */
const MOSTLY_MATCHING = 0.5;

/**
 * The nearest chunks among those of the tenders matching `input.tenders`, when most tenders
 * match: the candidates of the unfiltered compact scan, filtered, then re-ranked by their full
 * vectors (`rankNearestThenFilter`, exact when proven); undefined when few tenders match or the
 * proof fails, and the caller runs the restricted scan. This spares the scan of nearly every
 * chunk a hash probe per chunk.
 */
export async function nearestAmongMatching(
  db: Db,
  input: RankInput & { tenders: RawBuilder<boolean> },
): Promise<RankedChunk[] | undefined> {
  if ((await estimatedRows(db, input.tenders)) < MOSTLY_MATCHING * (await estimatedRows(db, sql`true`)))
    return undefined;
  return rankNearestThenFilter(db, input);
}

/** The planner's estimate of the tenders matching `condition` (no rows are read). */
async function estimatedRows(db: Db, condition: RawBuilder<boolean>): Promise<number> {
  const { rows } = await sql<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>`
    EXPLAIN (FORMAT JSON) SELECT 1 FROM tenders AS t WHERE ${condition}`.execute(db);
  return rows[0]?.["QUERY PLAN"][0].Plan["Plan Rows"] ?? 0;
}
