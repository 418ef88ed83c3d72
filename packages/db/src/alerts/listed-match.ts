import type { AlertReason, Award, NoticeChange, TenderSummaryRow } from "@tender/contracts";
import { sql } from "kysely";
import type { TenderPosition } from "../browse/tender-browse.repository.js";
import { TENDER_SUMMARY_COLUMNS } from "../browse/tender-summary-sql.js";

/** One match of a saved search, as `Match` shows it, with its keyset position. */
export interface ListedMatch {
  alert_id: string;
  /** `match`, or why a followed procedure alerts (docs/events.md#follow-ups). */
  reason: AlertReason;
  tender: TenderSummaryRow;
  score: number;
  snippet: string;
  attachment: { id: string; filename: string } | null;
  /** UTC ISO 8601 with milliseconds. */
  matched_at: string;
  /** A follow-up's procedure; null for a match. */
  procedure_id: string | null;
  /** What a follow-up changed (null: unknown or none to show); null for a match. */
  changes: NoticeChange[] | null;
  /** An `awarded` follow-up's awards, a `changed` one's when its notice corrects a result; else null (`toListedMatches`). */
  awards: Award[] | null;
  /** Where the next page starts: `matched_at` to the microsecond, and the match id. */
  position: TenderPosition & { key: string };
}

/** A match row as {@link MATCH_COLUMNS} selects it. */
export interface MatchRow extends TenderSummaryRow {
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

/** A row of {@link MATCH_COLUMNS} as `Match` shows it, with its awards and its keyset position. */
export function toListedMatch(
  {
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
  }: MatchRow,
  awards: Award[] | null,
): ListedMatch {
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
    awards,
    position: { key: matched_key, id: alert_id },
  };
}
