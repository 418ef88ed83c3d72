import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { calendarDateOf } from "../primitives/calendar-date.js";
import { Award } from "./award.js";

// The real Malta award 380868-2026 as the API answers it.
const MALTA = {
  lot: "LOT-0001",
  winners: [
    {
      organisation_id: "0b6f3c1e-7a2d-4e5f-8c9b-1a2b3c4d5e6f",
      name: "Mint Health Limited",
      identifier: "C55603",
      country: "MT",
    },
  ],
  value: "239689.54",
  currency: "EUR",
  decided_at: "2026-06-02",
  contract_signed_at: "2026-05-20",
  contract_end: null,
  tenders_received: 11,
};

describe("Award", () => {
  it("accepts a real award and a lot not awarded (nulls where the notice says nothing)", () => {
    expect(v.parse(Award, MALTA)).toEqual(MALTA);
    const none = {
      ...MALTA,
      winners: [],
      value: null,
      currency: null,
      decided_at: null,
      contract_signed_at: null,
    };
    expect(v.parse(Award, none)).toEqual(none);
  });

  it("refuses what the tables could not hold or the wire must not carry", () => {
    const refused = [
      { ...MALTA, value: "-1.00" },
      { ...MALTA, value: 239689.54 },
      { ...MALTA, decided_at: "2026-02-30" },
      { ...MALTA, contract_end: "2026-06-02T00:00:00Z" },
      { ...MALTA, tenders_received: -1 },
      { ...MALTA, tenders_received: 2 ** 31 },
      { ...MALTA, currency: "eur" },
      { ...MALTA, winners: [{ ...MALTA.winners[0], name: "x".repeat(1001) }] },
      { ...MALTA, winners: [{ ...MALTA.winners[0], scheme: "GB-COH" }] },
      { ...MALTA, status: "awarded" },
    ];
    for (const award of refused)
      expect(v.safeParse(Award, award).success, JSON.stringify(award).slice(0, 80)).toBe(false);
  });
});

describe("calendarDateOf", () => {
  it("keeps the day as written, whatever the time and zone after it", () => {
    expect(calendarDateOf("2027-03-31T23:59:59+01:00")).toBe("2027-03-31");
    expect(calendarDateOf("2026-09-18T00:00:00+01:00")).toBe("2026-09-18");
    expect(calendarDateOf("2026-06-02+02:00")).toBe("2026-06-02");
  });

  it("answers only real days of the years 0001..9999, which PostgreSQL stores", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        const day = calendarDateOf(text);
        if (day === null) return;
        const [y, m, d] = day.split("-").map(Number) as [number, number, number];
        expect(y).toBeGreaterThanOrEqual(1);
        const date = new Date(Date.UTC(2000, m - 1, d));
        expect([date.getUTCMonth() + 1, date.getUTCDate()]).toEqual([m, d]);
      }),
    );
    for (const text of ["0000-01-01", "2026-13-01", "2026-02-29", "20261-01-01", "2026-1-01"]) {
      expect(calendarDateOf(text), text).toBeNull();
    }
    expect(calendarDateOf("2028-02-29")).toBe("2028-02-29");
  });
});
