import { canonicalJson } from "@tender/contracts";
import { type Db, listProceduresNotices, type NoticeLinkRow, setNoticeLinks } from "@tender/db";
import { linkProcedureNotices, type ProcedureNotice } from "./link-procedure-notices.js";

/**
 * Links every notice of these procedures again (`linkProcedureNotices`, per procedure): one read
 * of their notices and one write of the links that differ from what is stored (a notice joining
 * a procedure of n notices usually changes one or two links, not n). Returns how many changed.
 */
export async function relinkProcedures(db: Db, procedureIds: readonly string[]): Promise<number> {
  const stored = await listProceduresNotices(db, procedureIds);
  const byProcedure = new Map<string, ProcedureNotice[]>();
  const homes = new Map<string, string>();
  const storedLinks = new Map<string, string>();
  for (const row of stored) {
    const notices = byProcedure.get(row.procedure_id) ?? [];
    notices.push({
      id: row.id,
      externalId: row.external_id,
      kind: row.kind,
      supersedes: row.supersedes_external_id,
      publishedAt: row.published_at.toISOString(),
      title: row.title,
      deadline: row.deadline?.toISOString() ?? null,
      amount: row.amount,
      currency: row.currency,
      documents: row.documents,
      source: row.source_id,
      buyers: row.buyer_keys,
    });
    byProcedure.set(row.procedure_id, notices);
    homes.set(row.procedure_id, row.home_source_id);
    storedLinks.set(row.id, linkKey(row.superseded_by, row.changes, row.beside));
  }
  const changed: NoticeLinkRow[] = [];
  for (const [procedureId, notices] of byProcedure) {
    for (const [id, link] of linkProcedureNotices(notices, homes.get(procedureId))) {
      if (storedLinks.get(id) === linkKey(link.supersededBy, link.changes, link.beside)) continue;
      changed.push({
        tenderId: id,
        supersededBy: link.supersededBy,
        changes: link.changes,
        beside: link.beside,
      });
    }
  }
  return setNoticeLinks(db, changed);
}

/** A link as comparable text (key order as `jsonb` gives it back does not matter). */
function linkKey(supersededBy: string | null, changes: unknown, beside: boolean): string {
  return `${supersededBy ?? ""} ${beside} ${canonicalJson(changes ?? null)}`;
}
