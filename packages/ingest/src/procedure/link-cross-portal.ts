import {
  type Db,
  findLinkableProcedure,
  findNamedProcedures,
  findRelatedProcedures,
  joinProcedure,
  lockNoticeKeys,
  registerProcedureNoticeKeys,
} from "@tender/db";
import { crossPortalRoots, type LinkNode } from "./cross-portal-roots.js";
import type { PortalLinks } from "./notice-procedure.js";

/** A bound on the procedures one notice can pull together; a larger set is left as it stands. */
const MAX_LINKED_PROCEDURES = 50;

/**
 * Links a notice of a UK portal with the other portal (docs/records.md#procedures), in the
 * caller's transaction: registers the keys its procedure can be named by, then finds the
 * procedures linked to that one (those its notices name, those naming it, those that joined it
 * or it joined), computes where each one's notices stand (`crossPortalRoots`) and moves them.
 * Reads and writes those procedures only (at most 50: a larger set, which no real notice
 * makes, is left as it stands). Returns the procedures whose notices changed: the
 * caller links each one's versions again.
 */
export async function linkCrossPortal(db: Db, procedureId: string, portal: PortalLinks): Promise<string[]> {
  await lockNoticeKeys(db, portal.names === null ? portal.keys : [...portal.keys, portal.names]);
  await registerProcedureNoticeKeys(db, procedureId, portal.keys);
  const nodes = new Map<string, LinkNode>();
  const queue = [procedureId];
  while (queue.length > 0 && nodes.size < MAX_LINKED_PROCEDURES) {
    const id = queue.shift() as string;
    if (nodes.has(id)) continue;
    const row = await findLinkableProcedure(db, id);
    if (row === undefined) continue;
    const named = await findNamedProcedures(db, id);
    const target = named.sort((a, b) => (a.procedure_key < b.procedure_key ? -1 : 1))[0];
    nodes.set(id, { id, key: row.procedure_key, names: target?.id ?? null });
    queue.push(...named.map((n) => n.id), ...(await findRelatedProcedures(db, id)));
  }
  if (queue.some((id) => !nodes.has(id))) return [];
  const changed = new Set<string>();
  for (const [id, root] of crossPortalRoots([...nodes.values()])) {
    for (const touched of await joinProcedure(db, id, root)) changed.add(touched);
  }
  return [...changed];
}
