import { AWARD_LIMITS, Award } from "@tender/contracts";
import { seedTender, useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  listAwardsOfTenders,
  listNoticeAwards,
  replaceTenderAwards,
  type StoredAward,
} from "./awards.repository.js";

const t = useTestDatabase();

const award = (lot: string, winners: number): StoredAward => ({
  lot,
  status: "awarded",
  value: "100.00",
  currency: "EUR",
  decided_at: "2026-09-03",
  contract_signed_at: null,
  contract_end: null,
  tenders_received: null,
  winners: Array.from({ length: winners }, (_, i) => ({
    organisation_id: null,
    name: `Winner ${i}`,
    identifier: null,
    scheme: null,
    country: "GB",
  })),
});

// Text PostgreSQL stores (no NUL, whole characters) that is not blank, as the mapping keeps it.
const storable = (max: number) =>
  fc
    .string({ unit: "binary", minLength: 1, maxLength: max })
    .map((s) => s.toWellFormed().replaceAll("\u0000", ""))
    .filter((s) => s.trim().length > 0);

describe("listNoticeAwards", () => {
  it("cuts each notice's list as the card does, per notice: one huge list leaves the others whole", async () => {
    const many = await seedTender(t.db);
    const crowded = await seedTender(t.db);
    const small = await seedTender(t.db);
    const none = await seedTender(t.db);
    await replaceTenderAwards(
      t.db,
      many.id,
      Array.from({ length: AWARD_LIMITS.awards + 20 }, (_, i) => award(`L${i}`, 0)),
      null,
    );
    // Ten awards of 100 winners (the most one award keeps) fill the 1,000; the eleventh would
    // pass it, so the list ends there, even before an award that would fit.
    const full = (lot: string) => award(lot, AWARD_LIMITS.winners);
    await replaceTenderAwards(t.db, crowded.id, [..."ABCDEFGHIJK"].map(full).concat(award("L", 1)), null);
    await replaceTenderAwards(t.db, small.id, [award("1", 2), award("2", 1)], null);
    const got = await listNoticeAwards(t.db, [many.id, crowded.id, small.id, none.id]);
    expect(got.get(many.id)?.map((a) => a.lot)).toEqual(
      Array.from({ length: AWARD_LIMITS.awards }, (_, i) => `L${i}`),
    );
    expect(got.get(crowded.id)?.map((a) => [a.lot, a.winners.length])).toEqual(
      [..."ABCDEFGHIJ"].map((lot) => [lot, AWARD_LIMITS.winners]),
    );
    expect(
      got
        .get(crowded.id)?.[0]
        ?.winners.slice(0, 2)
        .map((w) => w.name),
    ).toEqual(["Winner 0", "Winner 1"]);
    expect(got.get(small.id)).toEqual([
      {
        lot: "1",
        winners: [
          { organisation_id: null, name: "Winner 0", identifier: null, country: "GB" },
          { organisation_id: null, name: "Winner 1", identifier: null, country: "GB" },
        ],
        value: "100.00",
        currency: "EUR",
        decided_at: "2026-09-03",
        contract_signed_at: null,
        contract_end: null,
        tenders_received: null,
      },
      expect.objectContaining({ lot: "2" }),
    ]);
    expect(got.has(none.id)).toBe(false);
    for (const list of got.values()) for (const a of list) expect(v.is(Award, a)).toBe(true);
    expect(await listNoticeAwards(t.db, [])).toEqual(new Map());
  });

  it("reads back any storable award as a valid Award, exactly as stored", async () => {
    const tender = await seedTender(t.db);
    const date = fc
      .date({ min: new Date("1900-01-01"), max: new Date("2199-12-31"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    const stored = fc.record({
      lot: fc.option(storable(200).filter((s) => s.trim().length === s.length)),
      status: fc.constant("awarded" as const),
      value: fc.option(fc.stringMatching(/^(0|[1-9]\d{0,17})\.\d{2}$/)),
      currency: fc.option(fc.stringMatching(/^[A-Z]{3}$/)),
      decided_at: fc.option(date),
      contract_signed_at: fc.option(date),
      contract_end: fc.option(date),
      tenders_received: fc.option(fc.integer({ min: 0, max: AWARD_LIMITS.tendersReceived })),
      winners: fc.array(
        fc.record({
          organisation_id: fc.constant(null),
          name: fc.option(storable(1000).filter((s) => s.trim().length === s.length)),
          identifier: fc.option(storable(200)),
          scheme: fc.constant(null),
          country: fc.option(fc.stringMatching(/^[A-Z]{2}$/)),
        }),
        { maxLength: 3 },
      ),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(stored, { minLength: 1, maxLength: 4 }), async (awards) => {
        await replaceTenderAwards(t.db, tender.id, awards, null);
        const got = (await listNoticeAwards(t.db, [tender.id])).get(tender.id) ?? [];
        expect(got).toEqual(
          awards.map(({ status: _s, winners, ...a }) => ({
            ...a,
            winners: winners.map(({ scheme: _scheme, ...w }) => w),
          })),
        );
        for (const a of got) expect(v.safeParse(Award, a).issues).toBeUndefined();
        // The body stays JSON that reads back the same.
        expect(JSON.parse(JSON.stringify(got))).toEqual(got);
      }),
      { numRuns: 30 },
    );
  });
});

describe("listAwardsOfTenders over a whole list (a procedure's answer)", () => {
  it("cuts the list as one, in the order of the tenders given, then notice order", async () => {
    const first = await seedTender(t.db);
    const second = await seedTender(t.db);
    await replaceTenderAwards(t.db, first.id, [award("A", 2), award("B", 2)], null);
    await replaceTenderAwards(t.db, second.id, [award("C", 1), award("D", 3), award("E", 0)], null);
    const lots = (got: Map<string, Award[]>) =>
      [second.id, first.id].flatMap((id) => (got.get(id) ?? []).map((a) => a.lot));
    const list = { awards: 4, winners: 100, per: "list" } as const;
    // Given second first: its three awards, then the first of the other's: four in all.
    expect(lots(await listAwardsOfTenders(t.db, [second.id, first.id], list))).toEqual(["C", "D", "E", "A"]);
    // Five winners in all: C (1) and D (3), E names none, then A (2) would make six.
    const named = { awards: 10, winners: 5, per: "list" } as const;
    expect(lots(await listAwardsOfTenders(t.db, [second.id, first.id], named))).toEqual(["C", "D", "E"]);
    // Per tender, the same bounds keep both whole.
    expect(lots(await listAwardsOfTenders(t.db, [second.id, first.id], { ...named, per: "tender" }))).toEqual(
      ["C", "D", "E", "A", "B"],
    );
  });
});
