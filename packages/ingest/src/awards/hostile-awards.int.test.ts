import { Award } from "@tender/contracts";
import { findTenderCard } from "@tender/db";
import { emptyTables, useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ocdsReleaseToTenderRecord } from "../ocds/ocds-release-to-tender-record.js";
import { commitPage } from "../sync/commit-page.js";
import { ocdsReleaseCandidate } from "../testing/hostile-ocds-release-arb.js";
import { edgeDateTimeArb, hostileUnits } from "../testing/hostile-record-arb.js";

const testDb = useTestDatabase();
const PUBLISHER = {
  source: "find_a_tender",
  noticeUrl: (release: { ocid?: string | null }) =>
    `https://www.find-tender.service.gov.uk/Notice/${release.ocid}`,
  missingNoticeUrl: "no ocid",
  fallbackCountry: "GB",
};
const map = (release: unknown) => ocdsReleaseToTenderRecord(release, {}, PUBLISHER);

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc
    .tuple(fc.string({ maxLength: 10 }), hostileUnits, fc.string({ maxLength: 10 }))
    .map((parts) => parts.join("")),
  fc.integer({ min: 900, max: 3000 }).map((n) => "N".repeat(n)),
);
const amount = fc.oneof(
  fc.double(),
  fc.constantFrom("1e9999", "-5", "999999999999999999999.99", "12.345", "NaN", "", "0.005"),
  fc.bigInt({ min: 0n, max: 10n ** 25n }).map(String),
);
const date = fc.oneof(
  edgeDateTimeArb,
  fc.constantFrom("0000-01-01", "10000-01-01", "2026-02-30", "2026-06-02"),
);
const count = fc.oneof(fc.integer(), fc.double(), fc.constantFrom("11", "-1", "1e3", 2 ** 40));
const party = fc.record({ id: fc.oneof(text, fc.constant("S")), name: text });
const hostileAward = fc.record({
  id: fc.oneof(text, fc.constant("1")),
  status: fc.oneof(text, fc.constantFrom("active", "unsuccessful", "pending")),
  date,
  value: fc.record({ amount, currency: fc.oneof(text, fc.constant("GBP")) }),
  suppliers: fc.array(party, { maxLength: 3 }),
  relatedLots: fc.array(fc.oneof(text, fc.integer()), { maxLength: 3 }),
  contractPeriod: fc.record({ endDate: date }),
});

/** A valid tender release with hostile awards, contracts, parties and tender counts. */
const hostileRelease = (ocid: string) =>
  fc
    .record({
      awards: fc.array(hostileAward, { maxLength: 4 }),
      contracts: fc.array(
        fc.record({
          awardID: fc.oneof(text, fc.constant("1")),
          dateSigned: date,
          period: fc.record({ endDate: date }),
          value: fc.record({ amount, currency: text }),
        }),
        { maxLength: 3 },
      ),
      parties: fc.array(
        fc.record({
          id: fc.oneof(text, fc.constant("S")),
          name: text,
          identifier: fc.record({ id: text, scheme: text }),
          address: fc.record({ country: text, countryName: text }),
        }),
        { maxLength: 3 },
      ),
      numberOfTenderers: count,
    })
    .map(({ numberOfTenderers, ...parts }) => {
      const release = ocdsReleaseCandidate(ocid, `${ocid}-1`) as Record<string, unknown>;
      return {
        ...release,
        tag: ["award", "contract"],
        ...parts,
        tender: { ...(release.tender as object), numberOfTenderers },
      };
    });

describe("hostile awards", () => {
  it("whatever a release's awards hold, what passes is stored and answered as a valid Award", async () => {
    await emptyTables(testDb.db, ["sources", "organisations"]);
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(hostileRelease("x"), { minLength: 1, maxLength: 3 }), async (releases) => {
        n += 1;
        const items = releases.map((release, i) => {
          const ocid = `ocds-hostile-${n}-${i}`;
          const raw = { ...release, ocid, id: `${ocid}-1` };
          return { raw, result: map(raw) };
        });
        const counts = await commitPage(testDb.db, {
          sourceCode: "find_a_tender",
          expectedCursor: null,
          items,
          nextCursor: null,
          subject: "thostile.tender.changed.v1",
          now: new Date(),
        });
        // Awards never make a record unstorable: only releases the mapper already refused (a
        // payload PostgreSQL cannot hold) are quarantined; every mapped one is stored.
        const mapped = items.filter((item) => item.result.ok);
        expect(counts.quarantined).toBe(items.length - mapped.length);
        for (const item of mapped) {
          const row = await testDb.db
            .selectFrom("tenders")
            .select("id")
            .where("external_id", "=", item.raw.id)
            .executeTakeFirstOrThrow();
          const card = await findTenderCard(testDb.db, row.id);
          for (const award of card?.awards ?? []) expect(v.safeParse(Award, award).issues).toBeUndefined();
        }
      }),
      { numRuns: 40 },
    );
  });

  it("cuts a release of 10,000 awards to 500 and a supplier name of 100 KB to 1,000 characters; the page's other release is stored", async () => {
    await emptyTables(testDb.db, ["sources", "organisations"]);
    const base = ocdsReleaseCandidate("ocds-many", "ocds-many-1") as Record<string, unknown>;
    const many = {
      ...base,
      tag: ["award"],
      parties: [
        ...(base.parties as object[]),
        { id: "S", name: "Supplier ".repeat(12_000), roles: ["supplier"] },
      ],
      awards: Array.from({ length: 10_000 }, (_, i) => ({
        id: String(i),
        status: "active",
        value: { amount: 100 + i, currency: "GBP" },
        suppliers: [{ id: "S" }],
        relatedLots: [String(i)],
      })),
    };
    const plain = ocdsReleaseCandidate("ocds-plain", "ocds-plain-1");
    const counts = await commitPage(testDb.db, {
      sourceCode: "find_a_tender",
      expectedCursor: null,
      items: [many, plain].map((raw) => ({ raw, result: map(raw) })),
      nextCursor: null,
      subject: "thostile.tender.changed.v1",
      now: new Date(),
    });
    expect(counts).toMatchObject({ created: 2, quarantined: 0 });
    const stored = await testDb.db
      .selectFrom("tenders")
      .select(["id", "external_id", "awards_unreadable"])
      .orderBy("external_id")
      .execute();
    // Each release is a notice of its own, keyed by its release id.
    expect(stored.map((t) => t.external_id)).toEqual(["ocds-many-1", "ocds-plain-1"]);
    expect(stored[0]?.awards_unreadable).toContain(
      "cut: the notice has 10,000 awards; the first 500 are kept",
    );
    expect(stored[0]?.awards_unreadable).toContain(
      "cut: a organisation name of 107,999 characters was cut to 1000",
    );
    const card = await findTenderCard(testDb.db, stored[0]?.id as string);
    expect(card?.kind).toBe("result");
    expect(card?.awards).toHaveLength(500);
    expect(card?.awards[499]?.value).toBe("599.00");
    const name = card?.awards[0]?.winners[0]?.name ?? "";
    expect(name.length).toBeLessThanOrEqual(1000);
    expect(name.length).toBeGreaterThan(990);
    expect(name.startsWith("Supplier Supplier")).toBe(true);
    const organisations = await testDb.db.selectFrom("organisations").select("name").execute();
    expect(organisations.every((o) => o.name.length <= 1000)).toBe(true);
  });
});
