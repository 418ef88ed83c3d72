import { sql } from "kysely";
import type { Db } from "../database.js";

/** Why a notice could not be linked as a version of its procedure's notices (`tender status`). */
export const UNLINKED_REASONS = {
  notStored: "names a notice of the other UK portal that is not stored (yet)",
  claimedTwice: "names a notice that several procedures claim as their own",
  otherPortal: "stands beside its procedure: published on the other UK portal",
  otherBuyer: "stands beside its procedure: published for another buyer",
} as const;

/**
 * How many notices could not be linked, by reason (docs/records.md#procedures, "Who owns a
 * key"): those naming another portal's notice that no procedure, or more than one, claims (they
 * stay in their own procedure), and those standing beside their procedure's own notices. A scan
 * of the notices that name one or stand beside (partial indexes), as `tender status` does for
 * other counts. Reasons with no notice are left out.
 */
export async function countUnlinkedNotices(db: Db): Promise<{ reason: string; count: number }[]> {
  const rows = await sql<{
    not_stored: number;
    claimed_twice: number;
    other_portal: number;
    other_buyer: number;
  }>`
    SELECT
      (SELECT count(*)::int FROM tenders t WHERE t.names_notice IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM procedure_notice_keys k WHERE k.notice_key = t.names_notice)) AS not_stored,
      (SELECT count(*)::int FROM tenders t WHERE t.names_notice IS NOT NULL
         AND (SELECT count(*) FROM procedure_notice_keys k WHERE k.notice_key = t.names_notice) > 1) AS claimed_twice,
      (SELECT count(*)::int FROM tenders t JOIN procedures p ON p.id = t.procedure_id
         WHERE t.beside AND t.source_id <> p.source_id) AS other_portal,
      (SELECT count(*)::int FROM tenders t JOIN procedures p ON p.id = t.procedure_id
         WHERE t.beside AND t.source_id = p.source_id) AS other_buyer`.execute(db);
  const row = rows.rows[0];
  const counts: [string, number][] = [
    [UNLINKED_REASONS.notStored, row?.not_stored ?? 0],
    [UNLINKED_REASONS.claimedTwice, row?.claimed_twice ?? 0],
    [UNLINKED_REASONS.otherPortal, row?.other_portal ?? 0],
    [UNLINKED_REASONS.otherBuyer, row?.other_buyer ?? 0],
  ];
  return counts.filter(([, count]) => count > 0).map(([reason, count]) => ({ reason, count }));
}
