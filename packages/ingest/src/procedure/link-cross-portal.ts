import {
  type Db,
  findLinkableProcedures,
  findNamedProceduresOf,
  findRelatedProceduresOf,
  joinProcedure,
} from "@tender/db";
import { crossPortalRoots, type LinkNode } from "./cross-portal-roots.js";

/** A bound on the procedures linked together; a larger set is left as it stands. */
const MAX_LINKED_PROCEDURES = 50;

/**
 * Links procedures of the two UK portals again (docs/records.md#procedures), in the caller's
 * transaction, starting from `starts` (procedures whose keys or whose notices' names changed;
 * the caller registered the keys under their locks): finds the procedures linked to each one
 * (those its notices name, those naming it, those that joined it or it joined), a round trip per
 * step for all of them together, computes where each one's notices stand (`crossPortalRoots`) and
 * moves the notices of those whose place changed. Reads and writes those procedures only; a set
 * of more than 50 linked procedures, which no real notice makes, is left as it stands. Returns
 * the procedures whose notices changed: the caller links each one's versions again.
 */
export async function linkCrossPortal(db: Db, starts: readonly string[]): Promise<string[]> {
  const nodes = new Map<string, LinkNode & { linkedTo: string | null }>();
  const sets = new LinkedSets();
  const unexplored = new Set(starts);
  for (const id of unexplored) sets.add(id);
  let frontier = [...unexplored];
  while (frontier.length > 0) {
    const rows = await findLinkableProcedures(db, frontier);
    const named = await findNamedProceduresOf(db, frontier);
    const related = await findRelatedProceduresOf(db, frontier);
    for (const id of frontier) unexplored.delete(id);
    for (const row of rows) {
      const target = named
        .filter((n) => n.from_id === row.id)
        .sort((a, b) => (a.procedure_key < b.procedure_key ? -1 : 1))[0];
      nodes.set(row.id, {
        id: row.id,
        key: row.procedure_key,
        names: target?.id ?? null,
        linkedTo: row.linked_to,
      });
    }
    for (const edge of [...named, ...related]) {
      if (!sets.has(edge.id)) unexplored.add(edge.id);
      sets.union(edge.from_id, edge.id);
    }
    frontier = [...unexplored].filter((id) => sets.size(id) <= MAX_LINKED_PROCEDURES);
  }
  // A set with a procedure left unexplored is larger than the bound: it stays as it stands.
  const open = new Set([...unexplored].map((id) => sets.find(id)));
  const complete = [...nodes.values()].filter((n) => !open.has(sets.find(n.id)));
  const changed = new Set<string>();
  const roots = [...crossPortalRoots(complete)].sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [id, root] of roots) {
    // Notices stand where their procedure's row says (the linker places them so): a procedure
    // whose row already says where they belong has nothing to move.
    if ((nodes.get(id)?.linkedTo ?? id) === root) continue;
    for (const touched of await joinProcedure(db, id, root)) changed.add(touched);
  }
  return [...changed];
}

/** Disjoint sets of procedure ids (union by size), to bound each set of linked procedures. */
class LinkedSets {
  readonly #parent = new Map<string, string>();
  readonly #size = new Map<string, number>();

  has(id: string): boolean {
    return this.#parent.has(id);
  }

  add(id: string): void {
    if (this.#parent.has(id)) return;
    this.#parent.set(id, id);
    this.#size.set(id, 1);
  }

  find(id: string): string {
    this.add(id);
    let root = id;
    while (this.#parent.get(root) !== root) root = this.#parent.get(root) as string;
    this.#parent.set(id, root);
    return root;
  }

  union(a: string, b: string): void {
    let [x, y] = [this.find(a), this.find(b)];
    if (x === y) return;
    const total = this.size(x) + this.size(y);
    if (this.size(x) < this.size(y)) [x, y] = [y, x];
    this.#parent.set(y, x);
    this.#size.set(x, total);
  }

  size(id: string): number {
    return this.#size.get(this.find(id)) ?? 1;
  }
}
