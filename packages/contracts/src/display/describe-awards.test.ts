import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeAwards } from "./describe-awards.js";

const award = (names: (string | null)[], value: string | null, currency: string | null = "EUR") => ({
  winners: names.map((name) => ({ name })),
  value,
  currency,
});

describe("describeAwards", () => {
  it("names the winner and the price", () => {
    expect(describeAwards([award(["Mint Health Limited"], "239689.54")])).toBe(
      "Awarded to Mint Health Limited — EUR 239,689.54",
    );
  });

  it("summarises several lots and winners: two names, the others counted, values summed per currency", () => {
    expect(
      describeAwards([
        award(["Alpha s.r.o.", "Beta a.s."], "1000.50"),
        award(["Gamma GmbH", "alpha S.R.O."], "2000.50"),
        award(["Delta Ltd"], "5.00", "GBP"),
        award([null], null),
      ]),
    ).toBe("Awarded to Alpha s.r.o., Beta a.s. and 2 others — EUR 3,001.00 + GBP 5.00 in total, 4 lots");
    expect(describeAwards([award(["A"], null), award(["B"], null)])).toBe("Awarded to A and B — 2 lots");
  });

  it("says when no winner is named, and nothing for no awards", () => {
    expect(describeAwards([award([], "10.00", null)])).toBe("Awarded, no winner named — 10.00");
    expect(describeAwards([])).toBe("");
    expect(describeAwards(null)).toBe("");
  });

  it("keeps a line short whatever the names: each clipped, on one line", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            winners: fc.array(
              fc.record({ name: fc.option(fc.string({ unit: "binary", maxLength: 1000 })) }),
              {
                maxLength: 5,
              },
            ),
            value: fc.option(fc.oneof(fc.string(), fc.stringMatching(/^\d{1,18}\.\d{2}$/))),
            currency: fc.option(fc.string({ maxLength: 4 })),
          }),
          { maxLength: 8 },
        ),
        (awards) => {
          const line = describeAwards(awards);
          expect(line === "" || line.startsWith("Awarded")).toBe(true);
          expect(line).not.toMatch(/[\n\r]/);
          // Two names of at most 80 characters, the counts and at most eight sums.
          expect([...line].length).toBeLessThan(2 * 80 + 8 * 32 + 80);
        },
      ),
    );
  });
});
