import type { AlertReason, NoticeChange, TenderSummary } from "@tender/contracts";
import { sql } from "kysely";
import type { Db } from "../database.js";
import type { TenderPosition } from "./tender-browse.repository.js";
import { TENDER_SUMMARY_COLUMNS } from "./tender-summary-sql.js";

/** One match of a saved search, as `Match` shows it, with its keyset position. */
export interface ListedMatch {
  alert_id: string;
  /** `match`, or why a followed procedure alerts (docs/events.md#follow-ups). */
  reason: AlertReason;
  tender: TenderSummary;
  score: number;
  snippet: string;
  attachment: { id: string; filename: string } | null;
  /** UTC ISO 8601 with milliseconds. */
  matched_at: string;
  /** A follow-up's procedure; null for a match. */
  procedure_id: string | null;
  /** What a follow-up changed (null: unknown or none to show); null for a match. */
  changes: NoticeChange[] | null;
  /** Where the next page starts: `matched_at` to the microsecond, and the match id. */
  position: TenderPosition & { key: string };
}

/** A match row as {@link MATCH_COLUMNS} selects it. */
export interface MatchRow extends TenderSummary {
  alert_id: string;
  reason: AlertReason;
  follow_up_procedure_id: string | null;
  follow_up_changes: NoticeChange[] | null;
  score: number;
  snippet: string;
  attachment_id: string | null;
  attachment_filename: string | null;
  matched_at: string;
  matched_key: string;
}

/**
 * The columns of a `Match` over `saved_search_matches AS m JOIN tenders AS t JOIN sources AS s`
 * (the match listing and the webhook alert show the same thing).
 */
export const MATCH_COLUMNS = sql`
  ${TENDER_SUMMARY_COLUMNS}, m.id AS alert_id, m.reason, m.score, m.snippet, m.attachment_id,
  m.attachment_filename,
  CASE WHEN m.reason <> 'match' THEN m.procedure_id END AS follow_up_procedure_id,
  m.changes AS follow_up_changes,
  to_char(m.matched_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS matched_at,
  to_char(m.matched_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS matched_key`;

/** A row of {@link MATCH_COLUMNS} as `Match` shows it, with its keyset position. */
export function toListedMatch({
  alert_id,
  reason,
  follow_up_procedure_id,
  follow_up_changes,
  score,
  snippet,
  attachment_id,
  attachment_filename,
  matched_at,
  matched_key,
  ...tender
}: MatchRow): ListedMatch {
  return {
    alert_id,
    reason,
    tender,
    score,
    snippet,
    attachment:
      attachment_id !== null && attachment_filename !== null
        ? { id: attachment_id, filename: attachment_filename }
        : null,
    matched_at,
    procedure_id: follow_up_procedure_id,
    changes: follow_up_changes,
    position: { key: matched_key, id: alert_id },
  };
}

/**
 * A page of a saved search's matches, newest first (`matched_at`, then id, both descending),
 * strictly after `after` when given, each with its tender's summary.
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
  return rows.map(toListedMatch);
}
