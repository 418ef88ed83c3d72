/** A procedure of a set of linked procedures, with the procedure its notices name (if any). */
export interface LinkNode {
  id: string;
  /** The source's procedure key; breaks ties, so the outcome never depends on arrival order. */
  key: string;
  /** The procedure of the other portal its notices name; when they name several, the lowest key. */
  names: string | null;
}

/**
 * Where the notices of each procedure stand (docs/records.md#procedures): a procedure whose
 * notices name another one's notice joins it, and follows it when that one has joined a third.
 * When the naming runs in a circle (each portal names the other), the procedure of the circle
 * with the lowest key is the one the others join. A name that points outside `nodes` counts as
 * none. Depends on the set only: the same nodes give the same roots in any order.
 */
export function crossPortalRoots(nodes: readonly LinkNode[]): Map<string, string> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const roots = new Map<string, string>();
  for (const node of nodes) {
    const path: LinkNode[] = [];
    let current: LinkNode | undefined = node;
    while (current !== undefined && !roots.has(current.id) && !path.includes(current)) {
      path.push(current);
      current = current.names === null ? undefined : byId.get(current.names);
    }
    let root: string;
    if (current === undefined) root = (path.at(-1) as LinkNode).id;
    else if (roots.has(current.id)) root = roots.get(current.id) as string;
    else root = lowestKey(path.slice(path.indexOf(current))).id;
    for (const visited of path) roots.set(visited.id, root);
  }
  return roots;
}

function lowestKey(nodes: readonly LinkNode[]): LinkNode {
  return [...nodes].sort((a, b) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : 1,
  )[0] as LinkNode;
}
