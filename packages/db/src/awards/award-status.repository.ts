import { sql } from "kysely";
import type { Db } from "../database.js";

/** Result and modification notices by whether their awards could be read (`tender status`). */
export interface AwardStatus {
  /** Result and modification notices with at least one award stored. */
  withAwards: number;
  /** Those with none: nothing to read, or unreadable. */
  withoutAwards: number;
  /** The most frequent reasons (`awards_unreadable`, web addresses left out), most first. */
  reasons: { reason: string; count: number }[];
}

/**
 * Counts the result and modification notices with and without awards, and groups the reasons
 * their awards could not be read (or were cut) with the addresses in them replaced by `<url>`, so
 * one kind of failure is one line. A scan of the result notices, as `tender status` does for
 * other counts.
 */
export async function countAwardStatus(db: Db, top: number): Promise<AwardStatus> {
  const counts = await sql<{ with_awards: number; without_awards: number }>`
    SELECT count(*) FILTER (WHERE EXISTS (SELECT 1 FROM awards AS a WHERE a.tender_id = t.id))::int AS with_awards,
           count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM awards AS a WHERE a.tender_id = t.id))::int AS without_awards
    FROM tenders AS t
    WHERE t.kind IN ('result', 'modification')`.execute(db);
  const reasons = await sql<{ reason: string; count: number }>`
    SELECT regexp_replace(awards_unreadable, 'https?://[^[:space:]]+', '<url>', 'g') AS reason, count(*)::int AS count
    FROM tenders
    WHERE awards_unreadable IS NOT NULL
    GROUP BY 1
    ORDER BY count DESC, reason
    LIMIT ${top}`.execute(db);
  const row = counts.rows[0];
  return {
    withAwards: row?.with_awards ?? 0,
    withoutAwards: row?.without_awards ?? 0,
    reasons: reasons.rows,
  };
}
