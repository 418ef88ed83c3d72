import { AWARD_LIMITS, type ProcedureResponseRow, type TenderSummaryRow } from "@tender/contracts";
import { sql } from "kysely";
import { listAwardsOfTenders } from "../awards/awards.repository.js";
import { TENDER_SUMMARY_COLUMNS } from "../browse/tender-summary-sql.js";
import type { Db } from "../database.js";
import { listProcedureTimeline, type NoticePosition } from "./procedure-notice-list.repository.js";

/** A procedure's answer but its cursor (the gateway signs it), and where the notices it leaves out start. */
export type FoundProcedure = Omit<ProcedureResponseRow, "notices_cursor"> & {
  gapAfter: NoticePosition | null;
};

/**
 * A procedure (docs/api.md#procedures): its source (the procedure's own, also when notices of the
 * other UK portal stand in it), its first and latest notices (`listProcedureTimeline`) and its
 * current notice — among its own notices (not those standing beside: another buyer or the other
 * portal, docs/records.md#procedures), the latest current call for competition or change (what a
 * bidder answers; a later planning notice does not replace it), else its latest current notice;
 * and the awards of its result, modification and change notices (a corrected result) that nothing
 * supersedes, listed or not, oldest notice first (at most `AWARD_LIMITS.procedureAwards`, naming at
 * most `procedureWinners`).
 * The id of a procedure that has joined another (docs/records.md#procedures) answers with that one.
 * Undefined when no procedure has this id or none of its notices is stored any more.
 */
export async function findProcedure(db: Db, requestedId: string): Promise<FoundProcedure | undefined> {
  const found = await sql<{ id: string; source: string }>`
    SELECT q.id, s.code AS source
    FROM procedures AS p
    JOIN procedures AS q ON q.id = coalesce(p.linked_to, p.id)
    JOIN sources AS s ON s.id = q.source_id
    WHERE p.id = ${requestedId}`.execute(db);
  const procedure = found.rows[0];
  if (procedure === undefined) return undefined;
  const { id } = procedure;
  const current = await sql<TenderSummaryRow>`
    SELECT ${TENDER_SUMMARY_COLUMNS}
    FROM tenders AS t JOIN sources AS s ON s.id = t.source_id
    WHERE t.procedure_id = ${id} AND t.superseded_by IS NULL
    ORDER BY t.beside, (t.kind IN ('competition', 'change')) DESC, t.published_at DESC, t.external_id DESC
    LIMIT 1`.execute(db);
  const summary = current.rows[0];
  if (summary === undefined) return undefined;
  const timeline = await listProcedureTimeline(db, id);
  // Among all its notices, not only the listed ones.
  const results = (
    await db
      .selectFrom("tenders")
      .select("id")
      .where("procedure_id", "=", id)
      .where("kind", "in", ["result", "modification", "change"])
      .where("superseded_by", "is", null)
      .orderBy("published_at")
      .orderBy("external_id")
      .orderBy("id")
      .execute()
  ).map((n) => n.id);
  const awards = await listAwardsOfTenders(db, results, {
    awards: AWARD_LIMITS.procedureAwards,
    winners: AWARD_LIMITS.procedureWinners,
    per: "list",
  });
  return {
    id,
    source: procedure.source,
    current: summary,
    notices: timeline.notices,
    notices_total: timeline.total,
    gapAfter: timeline.gapAfter,
    awards: results.flatMap((tenderId) => awards.get(tenderId) ?? []),
  };
}
