import {
  AWARD_LIMITS,
  type ProcedureNotice,
  type ProcedureResponseRow,
  type TenderSummaryRow,
} from "@tender/contracts";
import { sql } from "kysely";
import { listAwardsOfTenders } from "../awards/awards.repository.js";
import { TENDER_SUMMARY_COLUMNS } from "../browse/tender-summary-sql.js";
import type { Db } from "../database.js";

/** The notices of a procedure, oldest first (publication time, then external id). */
export async function listProcedureTimeline(db: Db, procedureId: string): Promise<ProcedureNotice[]> {
  const rows = await db
    .selectFrom("tenders")
    .select(["id", "external_id", "kind", "published_at", "superseded_by", "changes"])
    .where("procedure_id", "=", procedureId)
    .orderBy("published_at")
    .orderBy("external_id")
    .execute();
  return rows.map((row) => ({ ...row, published_at: row.published_at.toISOString() }));
}

/**
 * A procedure (docs/api.md#procedures): its source (the procedure's own, also when notices of the
 * other UK portal stand in it), its notices and its current notice — the latest current call for
 * competition or change (what a bidder answers), else its latest current notice; and the awards
 * of its result, modification and change notices (a corrected result) that nothing supersedes,
 * oldest notice first (at most `AWARD_LIMITS.procedureAwards`, naming at most `procedureWinners`).
 * The id of a procedure that has joined another (docs/records.md#procedures) answers with that one.
 * Undefined when no procedure has this id or none of its notices is stored any more.
 */
export async function findProcedure(db: Db, requestedId: string): Promise<ProcedureResponseRow | undefined> {
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
    ORDER BY (t.kind IN ('planning', 'competition', 'change')) DESC, t.published_at DESC, t.external_id DESC
    LIMIT 1`.execute(db);
  const summary = current.rows[0];
  if (summary === undefined) return undefined;
  const notices = await listProcedureTimeline(db, id);
  const results = notices
    .filter((n) => ["result", "modification", "change"].includes(n.kind) && n.superseded_by === null)
    .map((n) => n.id);
  const awards = await listAwardsOfTenders(db, results, {
    awards: AWARD_LIMITS.procedureAwards,
    winners: AWARD_LIMITS.procedureWinners,
    per: "list",
  });
  return {
    id,
    source: procedure.source,
    current: summary,
    notices,
    awards: results.flatMap((tenderId) => awards.get(tenderId) ?? []),
  };
}
