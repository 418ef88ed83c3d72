import { sql } from "kysely";
import { type ListedMatch, MATCH_COLUMNS, type MatchRow, toListedMatch } from "../alerts/listed-match.js";
import { toListedMatches } from "../alerts/to-listed-matches.js";
import type { Db } from "../database.js";

/**
 * What a digest shows. `newMatches`, `followUps` and `closingSoon` hold at most the given limits;
 * `newMatchCount` counts every new tender, `followUpCount` every follow-up.
 */
export interface DigestContent {
  /** Tenders first matched in the period, best score first (a tender's latest match only). */
  newMatches: ListedMatch[];
  newMatchCount: number;
  /** Follow-ups of the period (changes, results, cancellations of followed procedures), oldest first. */
  followUps: ListedMatch[];
  followUpCount: number;
  /**
   * Other tenders this saved search matched (or followed) that close within 7 days of `now`,
   * soonest first: current notices only (a replaced deadline is not shown), none of a procedure
   * that has a result or a cancellation of its own (one standing beside it ends nothing).
   */
  closingSoon: ListedMatch[];
}

/** True when a digest has something new to tell: without it no mail is sent. */
export function hasNews(content: DigestContent): boolean {
  return content.newMatches.length > 0 || content.followUps.length > 0;
}

/**
 * The content of a digest of `savedSearchId` for the period `(since, through]` as of `now`:
 * its new matches, its follow-ups (at most `maxNew`) and the open tenders it matched that close
 * within 7 days.
 */
export async function loadDigestContent(
  db: Db,
  input: { savedSearchId: string; since: Date; through: Date; now: Date; maxNew: number; maxClosing: number },
): Promise<DigestContent> {
  const { rows: fresh } = await sql<MatchRow>`
    SELECT * FROM (
      SELECT DISTINCT ON (m.tender_id) ${MATCH_COLUMNS}
      FROM saved_search_matches AS m
      JOIN tenders AS t ON t.id = m.tender_id
      JOIN sources AS s ON s.id = t.source_id
      WHERE m.saved_search_id = ${input.savedSearchId} AND m.reason = 'match'
        AND m.matched_at > ${input.since} AND m.matched_at <= ${input.through}
      ORDER BY m.tender_id, m.matched_at DESC, m.id DESC
    ) AS latest
    ORDER BY score DESC, alert_id
    LIMIT ${input.maxNew}`.execute(db);
  const { rows: followUps } = await sql<MatchRow>`
    SELECT ${MATCH_COLUMNS}
    FROM saved_search_matches AS m
    JOIN tenders AS t ON t.id = m.tender_id
    JOIN sources AS s ON s.id = t.source_id
    WHERE m.saved_search_id = ${input.savedSearchId} AND m.reason <> 'match'
      AND m.matched_at > ${input.since} AND m.matched_at <= ${input.through}
    ORDER BY m.matched_at, m.id
    LIMIT ${input.maxNew}`.execute(db);
  const { rows: count } = await sql<{ n: number; follow_ups: number }>`
    SELECT count(DISTINCT tender_id) FILTER (WHERE reason = 'match')::int AS n,
           count(*) FILTER (WHERE reason <> 'match')::int AS follow_ups
    FROM saved_search_matches
    WHERE saved_search_id = ${input.savedSearchId} AND matched_at > ${input.since} AND matched_at <= ${input.through}`.execute(
    db,
  );
  const { rows: closing } = await sql<MatchRow & { closes_at: unknown }>`
    SELECT * FROM (
      SELECT DISTINCT ON (m.tender_id) ${MATCH_COLUMNS}, t.deadline AS closes_at
      FROM saved_search_matches AS m
      JOIN tenders AS t ON t.id = m.tender_id
      JOIN sources AS s ON s.id = t.source_id
      WHERE m.saved_search_id = ${input.savedSearchId}
        AND t.deadline > ${input.now} AND t.deadline <= ${input.now}::timestamptz + interval '7 days'
        -- A deadline a change notice replaced, or of a procedure awarded or cancelled, closes nothing
        -- (by a notice of its own: one standing beside, of another buyer or portal, ends nothing).
        AND t.superseded_by IS NULL
        AND NOT EXISTS (
          SELECT 1 FROM tenders AS ended
          WHERE ended.procedure_id = t.procedure_id AND ended.kind IN ('result', 'cancellation')
            AND NOT ended.beside)
        AND NOT EXISTS (
          SELECT 1 FROM saved_search_matches AS n
          WHERE n.saved_search_id = m.saved_search_id AND n.tender_id = m.tender_id
            AND n.matched_at > ${input.since} AND n.matched_at <= ${input.through})
      ORDER BY m.tender_id, m.matched_at DESC, m.id DESC
    ) AS latest
    ORDER BY closes_at, alert_id
    LIMIT ${input.maxClosing}`.execute(db);
  // Matches carry no awards; only the follow-ups need theirs (one query for all of them).
  const strip = <T extends object>(row: T) => {
    const {
      total_rows: _t,
      closes_at: _c,
      ...rest
    } = row as T & { total_rows?: number; closes_at?: unknown };
    return toListedMatch(rest as unknown as MatchRow, null);
  };
  return {
    newMatches: fresh.map(strip),
    newMatchCount: count[0]?.n ?? 0,
    followUps: await toListedMatches(db, followUps),
    followUpCount: count[0]?.follow_ups ?? 0,
    closingSoon: closing.map(strip),
  };
}
