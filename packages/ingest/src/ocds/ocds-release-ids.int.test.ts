import { emptyTables, useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commitPage } from "../sync/commit-page.js";
import { ocdsReleaseCandidate } from "../testing/hostile-ocds-release-arb.js";
import { type OcdsPublisher, ocdsReleaseToTenderRecord } from "./ocds-release-to-tender-record.js";

// Release ids are unique within an ocid only. Whatever a sloppy or hostile publisher sends, and
// in whatever order, a stored notice never moves to another procedure: the first release of an id
// keeps it, a later one of another ocid is quarantined, one of the same ocid updates it.

const testDb = useTestDatabase();
const SOURCE = "ocds_ids_test";
const PUBLISHER: OcdsPublisher = {
  source: SOURCE,
  noticeUrl: (release) => `https://example.org/notice/${encodeURIComponent(release.id ?? "")}`,
  missingNoticeUrl: "no id",
  fallbackCountry: null,
};

/** A release of `ocid` with id `id`, its title naming both (so a takeover would show). */
function release(ocid: string, id: string, version: number) {
  const r = ocdsReleaseCandidate(ocid, id) as { tender: Record<string, unknown> };
  r.tender.title = `${ocid} ${id} v${version}`;
  return r;
}

const pagesArb = fc.array(
  fc.array(
    fc.tuple(fc.constantFrom("ocds-a", "ocds-b", "ocds-c"), fc.constantFrom("1", "2", "3", "4"), fc.nat(3)),
    { minLength: 1, maxLength: 5 },
  ),
  { minLength: 1, maxLength: 4 },
);

describe("OCDS release ids of several ocids", () => {
  it("keep each stored notice in the procedure of its first release, quarantining the others", async () => {
    await fc.assert(
      fc.asyncProperty(pagesArb, async (pages) => {
        await emptyTables(testDb.db, ["sources", "quarantined_records"]);
        const owner = new Map<string, string>();
        const last = new Map<string, string>();
        let cursor: string | null = null;
        for (const [p, page] of pages.entries()) {
          const items = page.map(([ocid, id, version]) => {
            const raw = release(ocid, id, version);
            return { raw, result: ocdsReleaseToTenderRecord(raw, {}, PUBLISHER) };
          });
          for (const [ocid, id, version] of page) {
            if (!owner.has(id)) owner.set(id, ocid);
            if (owner.get(id) === ocid) last.set(id, `${ocid} ${id} v${version}`);
          }
          const next = `p${p}`;
          await commitPage(testDb.db, {
            sourceCode: SOURCE,
            expectedCursor: cursor,
            items,
            nextCursor: next,
            subject: "tocdsids.tender.changed.v1",
            now: new Date(),
          });
          cursor = next;
        }
        const stored = await testDb.db
          .selectFrom("tenders as t")
          .innerJoin("procedures as p", "p.id", "t.procedure_id")
          .select(["t.external_id", "p.procedure_key", "t.title"])
          .orderBy("t.external_id")
          .execute();
        expect(stored).toEqual(
          [...owner.keys()].sort().map((id) => ({
            external_id: id,
            procedure_key: owner.get(id),
            title: last.get(id),
          })),
        );
        const quarantined = await testDb.db
          .selectFrom("quarantined_records")
          .select(["external_id", "reason"])
          .execute();
        const intruders = new Set(
          pages.flat().flatMap(([ocid, id]) => (owner.get(id) === ocid ? [] : [`${id} ${ocid}`])),
        );
        // Quarantine keeps one row per distinct payload: one per intruding (id, ocid, version) at most.
        expect(
          new Set(
            quarantined.map((q) => `${q.external_id} ${/names procedure "([^"]+)"/.exec(q.reason)?.[1]}`),
          ),
        ).toEqual(intruders);
      }),
      { numRuns: 25, seed: 25 },
    );
  });
});
