import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { crossPortalRoots, type LinkNode } from "./cross-portal-roots.js";

const node = (id: string, names: string | null = null): LinkNode => ({ id, key: `key-${id}`, names });
const roots = (nodes: LinkNode[]) => Object.fromEntries(crossPortalRoots(nodes));

describe("crossPortalRoots", () => {
  it("puts a procedure into the one it names, and a chain into its end", () => {
    expect(roots([node("cf", "fts"), node("fts")])).toEqual({ cf: "fts", fts: "fts" });
    expect(roots([node("a", "b"), node("b", "c"), node("c")])).toEqual({ a: "c", b: "c", c: "c" });
  });

  it("breaks a circle at its lowest key, and a name outside the set counts as none", () => {
    expect(roots([node("b", "a"), node("a", "b")])).toEqual({ a: "a", b: "a" });
    expect(roots([node("x", "gone")])).toEqual({ x: "x" });
  });

  it("gives the same roots in any order", () => {
    const ids = ["a", "b", "c", "d", "e", "f"];
    const graph = fc.array(fc.option(fc.constantFrom(...ids), { nil: null }), {
      minLength: ids.length,
      maxLength: ids.length,
    });
    fc.assert(
      fc.property(graph, fc.infiniteStream(fc.nat()), (names, seeds) => {
        const nodes = ids.map((id, i) => node(id, names[i] === id ? null : (names[i] ?? null)));
        const shuffled = [...nodes].sort(() => (seeds.next().value % 3) - 1);
        const expected = roots(nodes);
        expect(roots(shuffled)).toEqual(expected);
        // Every root stands on its own.
        for (const root of Object.values(expected)) expect(expected[root]).toBe(root);
      }),
    );
  });
});
