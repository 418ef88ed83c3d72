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
      ["id-b", { supersededBy: null, changes: null, beside: false }],
    ]);
  });

  it("resolves a loop of names to its oldest notice instead of looping", () => {
    const links = linkProcedureNotices([n("a", "b", 1), n("b", "a", 2)]);
    expect(links.get("id-a")).toEqual({ supersededBy: "id-b", changes: null, beside: false });
    expect(links.get("id-b")).toEqual({ supersededBy: null, changes: [], beside: false });
  });

  it("chains two changes naming the same original: the later replaces the earlier", () => {
    const links = linkProcedureNotices([
      n("c2", "a", 3, { title: "Cleaning and security" }),
      n("a", null, 1),
      n("c1", "a", 2),
    ]);
    expect(links.get("id-a")?.supersededBy).toBe("id-c1");
    expect(links.get("id-c1")).toEqual({ supersededBy: "id-c2", changes: [], beside: false });
    expect(links.get("id-c2")).toEqual({
      supersededBy: null,
      changes: [{ field: "title", from: "Cleaning", to: "Cleaning and security" }],
      beside: false,
    });
  });

  // The fictional OCDS lifecycle of ocds-213czf-000-00001, with a second amendment that names
  // nothing (a tenderAmendment without amendsReleaseID): it replaces the latest older call or change.
  const ocds = [
    n("01-planning", null, 1, { kind: "planning", title: "Planned cycle lane improvements" }),
    n("02-tender", null, 2, { deadline: "2010-04-01T18:00:00.000Z" }),
    n("03-tenderAmendment", "02-tender", 3, { deadline: "2010-04-08T18:00:00.000Z" }),
    n("03b-tenderAmendment", null, 4, { kind: "change", deadline: "2010-04-15T18:00:00.000Z" }),
    n("04-award", null, 5, { kind: "result" }),
  ];

  it("links an OCDS change naming no release to the previous call or change of its procedure", () => {
    for (const order of [ocds, [...ocds].reverse(), [ocds[3], ocds[0], ocds[4], ocds[2], ocds[1]]]) {
      const links = linkProcedureNotices(order as ProcedureNotice[]);
      expect(Object.fromEntries(links)).toEqual({
        "id-01-planning": { supersededBy: null, changes: null, beside: false },
        "id-02-tender": { supersededBy: "id-03-tenderAmendment", changes: null, beside: false },
        "id-03-tenderAmendment": {
          supersededBy: "id-03b-tenderAmendment",
          changes: [{ field: "deadline", from: "2010-04-01T18:00:00.000Z", to: "2010-04-08T18:00:00.000Z" }],
          beside: false,
        },
        "id-03b-tenderAmendment": {
          supersededBy: null,
          changes: [{ field: "deadline", from: "2010-04-08T18:00:00.000Z", to: "2010-04-15T18:00:00.000Z" }],
          beside: false,
        },
        "id-04-award": { supersededBy: null, changes: null, beside: false },
      });
    }
  });

  it("keeps a change naming nothing current when no call or change is older", () => {
    const links = linkProcedureNotices([ocds[0], ocds[3], n("05-tender", null, 6)] as ProcedureNotice[]);
    expect(links.get("id-03b-tenderAmendment")).toEqual({ supersededBy: null, changes: null, beside: false });
    expect(links.get("id-05-tender")).toEqual({ supersededBy: null, changes: null, beside: false });
  });

  it("answers the same links for any order of the same notices", () => {
    const ids = ["a", "b", "c", "d", "e"];
    const kinds = ["planning", "competition", "change", "result"] as const;
    const noticeArb = fc.tuple(
      fc.constantFrom(...ids),
      fc.option(fc.constantFrom(...ids, "gone")),
      fc.integer({ min: 1, max: 3 }),
      fc.constantFrom(...kinds),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(noticeArb, { selector: ([id]) => id, maxLength: 5 }),
        fc.infiniteStream(fc.nat()),
        (specs, random) => {
          // OCDS-style: any kind, naming a notice or not (a change naming none replaces the previous call).
          const notices = specs.map(([id, named, day, kind]) => n(id, named, day, { kind }));
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

  // Issue 32, findings 2 and 4: only the same source's notices for the same buyer change a notice.
  const victim = { source: "ted", buyers: ["name:victim council"] };
  const mallory = { source: "ted", buyers: ["name:mallory ag"] };

  it("lets no other buyer's change supersede a notice, named or not", () => {
    const links = linkProcedureNotices(
      [
        n("call", null, 1, victim),
        n("named", "call", 2, { ...mallory, title: "Bid via mallory.example" }),
        n("unnamed", null, 3, { ...mallory, kind: "change" }),
        n("cancel", "call", 4, { ...mallory, kind: "cancellation" }),
      ],
      "ted",
    );
    expect(links.get("id-call")).toEqual({ supersededBy: null, changes: null, beside: false });
    for (const id of ["named", "unnamed", "cancel"]) expect(links.get(`id-${id}`)?.beside).toBe(true);
    expect(links.get("id-unnamed")?.supersededBy).toBeNull();
  });

  it("lets another source's notice of the same buyer stand beside, chained with its own source only", () => {
    const cf = { source: "cf", buyers: victim.buyers };
    const links = linkProcedureNotices(
      [
        n("fts-call", null, 1, victim),
        n("cf-call", null, 2, cf),
        n("cf-change", null, 3, { ...cf, kind: "change" }),
      ],
      "ted",
    );
    expect(links.get("id-fts-call")).toEqual({ supersededBy: null, changes: null, beside: false });
    expect(links.get("id-cf-call")).toMatchObject({ supersededBy: "id-cf-change", beside: true });
  });

  it("lets any buyer in common change a notice of joint procurement", () => {
    const joint = { source: "ted", buyers: ["name:a", "name:b"] };
    const links = linkProcedureNotices(
      [n("call", null, 1, joint), n("change", "call", 2, { source: "ted", buyers: ["name:b", "name:c"] })],
      "ted",
    );
    expect(links.get("id-call")?.supersededBy).toBe("id-change");
    expect(links.get("id-change")?.beside).toBe(false);
  });

  // Found by the property below: c (buyer m) names b (buyers v and m), a version of a (buyer v).
  it("keeps a notice sharing no buyer with the original apart, even down a chain of joint buyers", () => {
    const links = linkProcedureNotices(
      [
        n("a", null, 1, { source: "cf", buyers: ["name:v"] }),
        n("b", "a", 2, { source: "cf", buyers: ["name:m", "name:v"] }),
        n("c", "b", 1, { source: "cf", buyers: ["name:m"] }),
      ],
      "cf",
    );
    expect(links.get("id-a")?.supersededBy).toBe("id-b");
    expect(links.get("id-b")?.supersededBy).toBeNull();
    expect(links.get("id-c")).toEqual({ supersededBy: null, changes: null, beside: true });
  });

  it("never links across sources or buyers, and answers the same in any order (generated publishers)", () => {
    const ids = ["a", "b", "c", "d", "e", "f"];
    const kinds = ["planning", "competition", "change", "result", "modification", "cancellation"] as const;
    const noticeArb = fc.record({
      id: fc.constantFrom(...ids),
      named: fc.option(fc.constantFrom(...ids, "gone")),
      day: fc.integer({ min: 1, max: 3 }),
      kind: fc.constantFrom(...kinds),
      source: fc.constantFrom("ted", "cf"),
      buyers: fc.uniqueArray(fc.constantFrom("name:v", "name:m", "GB-COH:1"), { maxLength: 2 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(noticeArb, { selector: (x) => x.id, maxLength: 6 }),
        fc.infiniteStream(fc.nat()),
        (specs, random) => {
          const notices = specs.map((x) =>
            n(x.id, x.named, x.day, { kind: x.kind, source: x.source, buyers: x.buyers }),
          );
          const shuffled = [...notices].sort(() => (random.next().value % 3) - 1);
          const sorted = (links: Map<string, unknown>) => [...links].sort(([a], [b]) => a.localeCompare(b));
          const links = linkProcedureNotices(notices, "ted");
          expect(sorted(linkProcedureNotices(shuffled, "ted"))).toEqual(sorted(links));
          const byId = new Map(notices.map((x) => [x.id, x]));
          const founder = [...notices]
            .sort((a, b) =>
              a.publishedAt === b.publishedAt
                ? a.externalId.localeCompare(b.externalId)
                : a.publishedAt < b.publishedAt
                  ? -1
                  : 1,
            )
            .find((x) => x.source === "ted");
          const previous = new Map(
            [...links].flatMap(([id, l]) => (l.supersededBy ? [[l.supersededBy, id]] : [])),
          );
          for (const [id, link] of links) {
            const notice = byId.get(id) as ProcedureNotice;
            // A version is of the notice its chain starts with: the same source and a buyer in
            // common (or both naming none).
            let root = id;
            while (previous.has(root)) root = previous.get(root) as string;
            const original = byId.get(root) as ProcedureNotice;
            expect(original.source).toBe(notice.source);
            const mine = notice.buyers?.length ? notice.buyers : [""];
            const theirs = original.buyers?.length ? original.buyers : [""];
            expect(mine.some((b) => theirs.includes(b))).toBe(true);
            const home =
              founder !== undefined &&
              notice.source === "ted" &&
              (notice.buyers?.length ? notice.buyers : [""]).some((b) =>
                (founder.buyers?.length ? founder.buyers : [""]).includes(b),
              );
            expect(link.beside).toBe(!home);
            expect(link.changes === null).toBe(root === id);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
