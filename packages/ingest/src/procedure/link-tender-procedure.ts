import { canonicalJson } from "@tender/contracts";
import {
  type Db,
  listProcedureNotices,
  lockProcedure,
  setNoticeLink,
  setTenderProcedure,
  tenderProcedureIs,
} from "@tender/db";
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
 * Stores a stored tender's procedure, kind and named predecessor and links its procedure again
 * (`linkProcedureNotices`), in the caller's transaction: locks the procedure row, reads and
 * writes that procedure's tenders only, and the procedure it left, if any; nothing at all when
 * the tender already stands there and `force` is false. Returns whether the
 * tender's procedure, kind or predecessor changed and how many tenders' links changed.
 */
export async function linkTenderProcedure(
  db: Db,
  input: LinkTenderProcedureInput,
): Promise<{ stored: boolean; relinked: number }> {
  const place = { kind: input.procedure.kind, supersedesExternalId: input.procedure.supersedes };
  if (!input.force && (await tenderProcedureIs(db, input.tenderId, input.procedure.key, place))) {
    return { stored: false, relinked: 0 };
  }
  const procedureId = await lockProcedure(db, input.sourceId, input.procedure.key);
  const moved = await setTenderProcedure(db, input.tenderId, { procedureId, ...place });
  if (moved === undefined && !input.force) return { stored: false, relinked: 0 };
  let relinked = await relinkProcedure(db, procedureId);
  const left = moved?.previousProcedureId;
  if (left && left !== procedureId) relinked += await relinkProcedure(db, left);
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
