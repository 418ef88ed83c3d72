import { AWARD_LIMITS, Award, unstorableTextProblem } from "@tender/contracts";
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { hostileUnits } from "../testing/hostile-record-arb.js";
import { boundNoticeAwards } from "./bound-notice-awards.js";
import type { NoticeAward, NoticeAwards, NoticeParty } from "./notice-awards.js";

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.tuple(fc.string({ maxLength: 5 }), hostileUnits, fc.string({ maxLength: 5 })).map((p) => p.join("")),
  fc.integer({ min: 150, max: 1500 }).map((n) => "\u0001😀".repeat(n)),
);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const party: fc.Arbitrary<NoticeParty> = fc.record({
  name: maybe(text),
  identifier: maybe(text),
  scheme: maybe(text),
  country: maybe(fc.oneof(text, fc.constantFrom("GB", "MT"))),
});
const award: fc.Arbitrary<NoticeAward> = fc.record({
  lot: maybe(text),
  status: fc.constantFrom("awarded", "not-awarded", "open", null),
  winners: fc.array(party, { maxLength: 120 }),
  value: maybe(
    fc.oneof(text, fc.constantFrom("1e9999", "-1", "12.345", "999999999999999999.99", "1000000000000000000")),
  ),
  currency: maybe(fc.oneof(text, fc.constant("EUR"))),
  decidedAt: maybe(fc.oneof(text, fc.constantFrom("0000-01-01", "2026-02-30", "2026-06-02T00:00:00+02:00"))),
  contractSignedAt: maybe(text),
  contractEnd: maybe(fc.oneof(text, fc.constant("9999-12-31"))),
  tendersReceived: maybe(fc.oneof(fc.integer(), fc.double(), fc.constant(2 ** 31))),
  framework: fc.constantFrom(true, false, null),
});
const notice: fc.Arbitrary<NoticeAwards> = fc.record({
  buyer: maybe(party),
  awards: fc.array(award, { maxLength: 30 }),
  unreadable: maybe(text),
});

/** The award as the API answers it, from what would be stored. */
const answered = (a: NoticeAward) => ({
  lot: a.lot,
  winners: a.winners.map((w) => ({
    organisation_id: null,
    name: w.name,
    identifier: w.identifier,
    country: w.country,
  })),
  value: a.value,
  currency: a.currency,
  decided_at: a.decidedAt,
  contract_signed_at: a.contractSignedAt,
  contract_end: a.contractEnd,
  tenders_received: a.tendersReceived,
});

describe("boundNoticeAwards", () => {
  it("answers only what the tables hold and the Award contract accepts, in at most 4 bytes of JSON a character", () => {
    fc.assert(
      fc.property(notice, (input) => {
        const bounded = boundNoticeAwards(input);
        const winners = bounded.awards.flatMap((a) => a.winners);
        expect(winners.length).toBeLessThanOrEqual(AWARD_LIMITS.noticeWinners);
        for (const a of bounded.awards) {
          expect(v.safeParse(Award, answered(a)).issues).toBeUndefined();
        }
        for (const p of [...winners, ...(bounded.buyer ? [bounded.buyer] : [])]) {
          for (const value of [p.name, p.identifier, p.scheme]) {
            if (value === null) continue;
            expect(unstorableTextProblem(value)).toBeNull();
            expect(/\p{Cc}/u.test(value)).toBe(false);
            expect(Buffer.byteLength(JSON.stringify(value))).toBeLessThanOrEqual(4 * [...value].length + 2);
          }
        }
        if (bounded.unreadable !== null) {
          expect(unstorableTextProblem(bounded.unreadable)).toBeNull();
          expect([...bounded.unreadable].length).toBeLessThanOrEqual(1000);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("says what it cut, and keeps a clean notice as it is", () => {
    const winner = { name: "Mint Health Limited", identifier: "C55603", scheme: null, country: "MT" };
    const clean: NoticeAwards = {
      buyer: { name: "Department of Contracts", identifier: "MT25645419", scheme: null, country: "MT" },
      awards: [
        {
          lot: "LOT-0001",
          status: "awarded",
          winners: [winner],
          value: "239689.54",
          currency: "EUR",
          decidedAt: "2026-06-02",
          contractSignedAt: "2026-05-20",
          contractEnd: null,
          tendersReceived: 11,
          framework: false,
        },
      ],
      unreadable: null,
    };
    expect(boundNoticeAwards(clean)).toEqual(clean);
    const crowded = boundNoticeAwards({
      ...clean,
      awards: Array.from({ length: 20 }, () => ({
        ...(clean.awards[0] as NoticeAward),
        winners: Array(100).fill(winner),
      })),
    });
    expect(crowded.awards.map((a) => a.winners.length)).toEqual([
      ...Array(10).fill(100),
      ...Array(10).fill(0),
    ]);
    expect(crowded.unreadable).toBe("cut: the awards name 2,000 winners; the first 1,000 are kept");
  });
});
