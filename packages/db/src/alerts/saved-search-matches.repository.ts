import { sql } from "kysely";
import type { TenderPosition } from "../browse/tender-browse.repository.js";
import type { Db } from "../database.js";
import { type ListedMatch, MATCH_COLUMNS, type MatchRow } from "./listed-match.js";
import { toListedMatches } from "./to-listed-matches.js";

/**
 * A page of a saved search's matches, newest first (`matched_at`, then id, both descending),
 * strictly after `after` when given, each with its tender's summary and a follow-up's awards.
 */
export async function listSavedSearchMatches(
  db: Db,
  savedSearchId: string,
  page: { limit: number; after?: TenderPosition & { key: string } },
): Promise<ListedMatch[]> {
  const behind = page.after
    ? sql`(m.matched_at, m.id) < (${page.after.key}::timestamptz, ${page.after.id}::uuid)`
    : sql`true`;
  const { rows } = await sql<MatchRow>`
    SELECT ${MATCH_COLUMNS}
    FROM saved_search_matches AS m
    JOIN tenders AS t ON t.id = m.tender_id
    JOIN sources AS s ON s.id = t.source_id
    WHERE m.saved_search_id = ${savedSearchId} AND ${behind}
    ORDER BY m.matched_at DESC, m.id DESC
    LIMIT ${page.limit}`.execute(db);
  return toListedMatches(db, rows);
}
