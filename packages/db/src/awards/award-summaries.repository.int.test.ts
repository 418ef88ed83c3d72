import { AWARD_SUMMARY_LIMITS, AwardSummary } from "@tender/contracts";
import { seedTender, useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { listAwardSummaries } from "./award-summaries.repository.js";
import { replaceTenderAwards, type StoredAward } from "./awards.repository.js";

const t = useTestDatabase();

const storedAward = (lot: number, winners: number, contractEnd: string | null): StoredAward => ({
  lot: `LOT-${lot}`,
  status: "awarded",
  value: `${lot}.00`,
  currency: "EUR",
  decided_at: null,
  contract_signed_at: null,
  contract_end: contractEnd,
  tenders_received: null,
  winners: Array.from({ length: winners }, (_, i) => ({
    organisation_id: null,
    name: `Winner ${lot}.${i}`,
    identifier: null,
    scheme: null,
    country: "GB",
  })),
});

const awardShape = fc.record({
  winners: fc.integer({ min: 0, max: 6 }),
  end: fc.option(fc.constantFrom("2027-01-31", "2027-03-01", "2028-12-31"), { nil: null }),
});

describe("listAwardSummaries", () => {
  it("gives each notice's award count and its first lots, soonest contract end first (none last, then notice order), three winners each", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(awardShape, { maxLength: 12 }), async (shapes) => {
        const { id } = await seedTender(t.db);
        const stored = shapes.map((s, i) => storedAward(i, s.winners, s.end));
        await replaceTenderAwards(t.db, id, stored, null);
        const summary = (await listAwardSummaries(t.db, [id])).get(id);
        if (shapes.length === 0) {
          expect(summary).toBeUndefined();
          return;
        }
        expect(v.safeParse(AwardSummary, summary).success).toBe(true);
        const order = stored
          .map((award, position) => ({ award, position }))
          .sort(
            (a, b) =>
              (a.award.contract_end ?? "9999").localeCompare(b.award.contract_end ?? "9999") ||
              a.position - b.position,
          )
          .slice(0, AWARD_SUMMARY_LIMITS.awards);
        expect(summary).toEqual({
          awards_total: shapes.length,
          awards: order.map(({ award }) => ({
            lot: award.lot,
            winners: award.winners.slice(0, AWARD_SUMMARY_LIMITS.winners).map(({ scheme: _s, ...w }) => w),
            winners_total: award.winners.length,
            value: award.value,
            currency: award.currency,
            contract_end: award.contract_end,
          })),
        });
      }),
      { numRuns: 25 },
    );
  });
});
