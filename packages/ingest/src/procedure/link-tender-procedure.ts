import type { Db } from "@tender/db";
import { type LinkTenderProcedureInput, linkTenderProcedures } from "./link-tender-procedures.js";
import { relinkProcedures } from "./relink-procedures.js";

export type { LinkTenderProcedureInput } from "./link-tender-procedures.js";

/**
 * Stores a stored tender's procedure, kind, named predecessor and named notice of the other UK
 * portal, and links again (`linkTenderProcedures` for one tender), in the caller's transaction:
 * locks the procedure row, reads and writes that procedure's tenders only, the procedure it left,
 * if any, and for a notice of a UK portal whose keys or named notice changed the procedures linked
 * to its own (`linkCrossPortal`); nothing at all when the tender already stands there and `force`
 * is false. Returns whether the tender's procedure, kind or predecessor changed and how many
 * tenders' links changed.
 */
export async function linkTenderProcedure(
  db: Db,
  input: LinkTenderProcedureInput,
): Promise<{ stored: boolean; relinked: number }> {
  const linked = await linkTenderProcedures(db, [input]);
  return { stored: linked.stored.has(input.tenderId), relinked: linked.relinked };
}

/** Links every notice of one procedure again; returns how many links changed. */
export async function relinkProcedure(db: Db, procedureId: string): Promise<number> {
  return relinkProcedures(db, [procedureId]);
}
