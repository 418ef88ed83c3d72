import { canonicalJson } from "@tender/contracts";
import {
  type Db,
  effectiveProcedure,
  listProcedureNotices,
  lockProcedure,
  setNoticeLink,
  setTenderProcedure,
  tenderProcedureIs,
} from "@tender/db";
import { linkCrossPortal } from "./link-cross-portal.js";
import { linkProcedureNotices, type ProcedureNotice } from "./link-procedure-notices.js";
import type { NoticeProcedure } from "./notice-procedure.js";

export interface LinkTenderProcedureInput {
  sourceId: string;
  tenderId: string;
  procedure: NoticeProcedure;
  /** Link even when the tender's procedure, kind and predecessor are as stored (its content changed). */
  force: boolean;
}

/**
 * Stores a stored tender's procedure, kind, named predecessor and named notice of the other UK
 * portal, and links again (`linkProcedureNotices`), in the caller's transaction: locks the
 * procedure row, reads and writes that procedure's tenders only, the procedure it left, if any,
 * and for a notice of a UK portal the procedures linked to its own (`linkCrossPortal`); nothing
 * at all when the tender already stands there and `force` is false. Returns whether the
 * tender's procedure, kind or predecessor changed and how many tenders' links changed.
 */
export async function linkTenderProcedure(
  db: Db,
  input: LinkTenderProcedureInput,
): Promise<{ stored: boolean; relinked: number }> {
  const { procedure } = input;
  const place = {
    kind: procedure.kind,
    supersedesExternalId: procedure.supersedes,
    namesNotice: procedure.portal?.names ?? null,
  };
  const noticeKeys = procedure.portal?.keys ?? [];
  if (
    !input.force &&
    (await tenderProcedureIs(db, input.tenderId, procedure.key, { ...place, noticeKeys }))
  ) {
    return { stored: false, relinked: 0 };
  }
  const own = await lockProcedure(db, input.sourceId, procedure.key);
  // Only a procedure of a UK portal ever joins another.
  const standsIn = procedure.portal ? await effectiveProcedure(db, own) : own;
  const moved = await setTenderProcedure(db, input.tenderId, {
    procedureId: standsIn,
    sourceProcedureId: standsIn === own ? null : own,
    ...place,
  });
  // A notice of a UK portal whose place is unchanged may still have keys to register.
  if (moved === undefined && !input.force && !procedure.portal) return { stored: false, relinked: 0 };
  const relink = new Set([standsIn]);
  if (moved?.previousProcedureId) relink.add(moved.previousProcedureId);
  if (procedure.portal) {
    for (const id of await linkCrossPortal(db, own, procedure.portal)) relink.add(id);
  }
  let relinked = 0;
  for (const id of relink) relinked += await relinkProcedure(db, id);
  return { stored: moved !== undefined, relinked };
}

/** Links every notice of one procedure again; returns how many links changed. */
export async function relinkProcedure(db: Db, procedureId: string): Promise<number> {
  const stored = await listProcedureNotices(db, procedureId);
  const notices: ProcedureNotice[] = stored.map((row) => ({
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
  }));
  // Only the links that differ from what is stored are written: a notice joining a procedure of
  // n notices usually changes one or two links, not n (one statement each).
  const storedLinks = new Map(stored.map((row) => [row.id, linkKey(row.superseded_by, row.changes)]));
  let changed = 0;
  for (const [id, link] of linkProcedureNotices(notices)) {
    if (storedLinks.get(id) === linkKey(link.supersededBy, link.changes)) continue;
    if (await setNoticeLink(db, id, link)) changed += 1;
  }
  return changed;
}

/** A link as comparable text (key order as `jsonb` gives it back does not matter). */
function linkKey(supersededBy: string | null, changes: unknown): string {
  return `${supersededBy ?? ""} ${canonicalJson(changes ?? null)}`;
}
