import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { linkProcedureNotices, type ProcedureNotice } from "./link-procedure-notices.js";

function n(externalId: string, supersedes: string | null, day: number, extra: Partial<ProcedureNotice> = {}) {
  return {
    id: `id-${externalId}`,
    externalId,
    kind: supersedes === null ? "competition" : "change",
    supersedes,
    publishedAt: `2026-10-${String(day).padStart(2, "0")}T00:00:00.000Z`,
    title: "Cleaning",
    deadline: null,
    amount: null,
    currency: null,
    documents: [],
    ...extra,
  } satisfies ProcedureNotice;
}

describe("linkProcedureNotices", () => {
  it("keeps a change naming a notice not stored yet current, with nothing to compare", () => {
    expect([...linkProcedureNotices([n("b", "a", 2)])]).toEqual([
      ["id-b", { supersededBy: null, changes: null }],
    ]);
  });

  it("resolves a loop of names to its oldest notice instead of looping", () => {
    const links = linkProcedureNotices([n("a", "b", 1), n("b", "a", 2)]);
    expect(links.get("id-a")).toEqual({ supersededBy: "id-b", changes: null });
    expect(links.get("id-b")).toEqual({ supersededBy: null, changes: [] });
  });

  it("chains two changes naming the same original: the later replaces the earlier", () => {
    const links = linkProcedureNotices([
      n("c2", "a", 3, { title: "Cleaning and security" }),
      n("a", null, 1),
      n("c1", "a", 2),
    ]);
    expect(links.get("id-a")?.supersededBy).toBe("id-c1");
    expect(links.get("id-c1")).toEqual({ supersededBy: "id-c2", changes: [] });
    expect(links.get("id-c2")).toEqual({
      supersededBy: null,
      changes: [{ field: "title", from: "Cleaning", to: "Cleaning and security" }],
    });
  });

  it("answers the same links for any order of the same notices", () => {
    const ids = ["a", "b", "c", "d", "e"];
    const noticeArb = fc.tuple(
      fc.constantFrom(...ids),
      fc.option(fc.constantFrom(...ids, "gone")),
      fc.integer({ min: 1, max: 3 }),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(noticeArb, { selector: ([id]) => id, maxLength: 5 }),
        fc.infiniteStream(fc.nat()),
        (specs, random) => {
          const notices = specs.map(([id, named, day]) => n(id, named, day));
          const shuffled = [...notices].sort(() => (random.next().value % 3) - 1);
          const sorted = (links: Map<string, unknown>) => [...links].sort(([a], [b]) => a.localeCompare(b));
          expect(sorted(linkProcedureNotices(shuffled))).toEqual(sorted(linkProcedureNotices(notices)));
          const links = linkProcedureNotices(notices);
          // Exactly one current version per chain: nothing is superseded twice or by itself.
          const successors = [...links.values()].map((l) => l.supersededBy).filter((s) => s !== null);
          expect(new Set(successors).size).toBe(successors.length);
          for (const [id, link] of links) expect(link.supersededBy).not.toBe(id);
        },
      ),
    );
  });
});
