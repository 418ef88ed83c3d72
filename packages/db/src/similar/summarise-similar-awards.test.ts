import type { Award } from "@tender/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromCents, quartileCents, toCents } from "./decimal-cents.js";
import { type SummarisedNotice, summariseSimilarAwards } from "./summarise-similar-awards.js";

const CURRENCIES = ["EUR", "GBP", "SEK", "PLN"] as const;
const cents = fc.bigInt({ min: 0n, max: 10n ** 15n });
const amount = cents.map(fromCents);

const awardOf = (value: string, currency: string, winner: string): Award => ({
  lot: null,
  winners: [{ organisation_id: null, name: winner, identifier: null, country: null }],
  value,
  currency,
  decided_at: null,
  contract_signed_at: null,
  contract_end: null,
  tenders_received: null,
});

const notice = fc.record({
  framework: fc.constantFrom(true, false, null),
  awards: fc.array(
    fc.record({
      value: amount,
      currency: fc.constantFrom(...CURRENCIES),
      winner: fc.constantFrom("A", "B", "C"),
    }),
    { minLength: 1, maxLength: 4 },
  ),
});

const toNotices = (
  generated: { framework: boolean | null; awards: { value: string; currency: string; winner: string }[] }[],
) =>
  generated.map(
    (n): SummarisedNotice => ({
      buyer_organisation_id: null,
      buyer_name: "Buyer",
      framework: n.framework,
      estimated: null,
      awards: n.awards.map((a) => awardOf(a.value, a.currency, a.winner)),
    }),
  );

/** Reference quartile: the same interpolation in exact rational arithmetic (numerator over 4), then rounded half up. */
function referenceQuartile(values: bigint[], k: number): string {
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const h = ((sorted.length - 1) * k) / 4;
  const lo = sorted[Math.floor(h)] as bigint;
  const hi = sorted[Math.ceil(h)] as bigint;
  const fraction = h - Math.floor(h); // 0, .25, .5, .75: exact in binary
  const quarters = 4n * lo + (hi - lo) * BigInt(fraction * 4);
  return fromCents((quarters + 2n) / 4n);
}

describe("summariseSimilarAwards", () => {
  it("keeps each currency apart and frameworks apart from contracts: every count, min, max and quartile is its own group's", () => {
    fc.assert(
      fc.property(fc.array(notice, { minLength: 5, maxLength: 30 }), (generated) => {
        const summary = summariseSimilarAwards(toNotices(generated));
        for (const [group, framework] of [
          ["contracts", false],
          ["frameworks", true],
        ] as const) {
          for (const stats of summary.values[group]) {
            const values = generated
              .filter((n) => (n.framework === true) === framework)
              .flatMap((n) =>
                n.awards.filter((a) => a.currency === stats.currency).map((a) => toCents(a.value)),
              );
            expect(stats.count).toBe(values.length);
            expect(values.length).toBeGreaterThanOrEqual(5);
            for (const [k, name] of [
              [0, "min"],
              [1, "q1"],
              [2, "median"],
              [3, "q3"],
              [4, "max"],
            ] as const) {
              expect(stats[name]).toBe(referenceQuartile(values, k));
            }
          }
        }
        // A winner's total in a currency is the sum of its single contracts in that currency alone.
        for (const winner of summary.top_winners) {
          for (const total of winner.totals) {
            const sum = generated
              .filter((n) => n.framework !== true)
              .flatMap((n) => n.awards)
              .filter((a) => a.winner === winner.name && a.currency === total.currency)
              .reduce((s, a) => s + toCents(a.value), 0n);
            expect(total.total).toBe(fromCents(sum));
          }
        }
      }),
    );
  });

  it("states nothing but its counts below the threshold", () => {
    fc.assert(
      fc.property(fc.array(notice, { maxLength: 4 }), (generated) => {
        const summary = summariseSimilarAwards(toNotices(generated));
        expect(summary.notices).toBe(generated.length);
        expect(summary.reason).toMatch(/Too few/);
        expect(summary.values).toEqual({ contracts: [], frameworks: [] });
        expect(summary.top_winners).toEqual([]);
      }),
    );
  });

  it("quartiles of cents are exact and ordered for any values", () => {
    fc.assert(
      fc.property(fc.array(cents, { minLength: 1, maxLength: 50 }), (values) => {
        const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        const q = ([0, 1, 2, 3, 4] as const).map((k) => quartileCents(sorted, k));
        expect(q[0]).toBe(sorted[0]);
        expect(q[4]).toBe(sorted.at(-1));
        for (let i = 1; i < 5; i++) expect((q[i] as bigint) >= (q[i - 1] as bigint)).toBe(true);
      }),
    );
  });
});
