import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatAmount, formatDay } from "./format.js";

describe("formatAmount", () => {
  it("keeps every digit of a total larger than a double holds", () => {
    expect(formatAmount("12345678901234567890123.45", "EUR")).toBe("€12,345,678,901,234,567,890,123.45");
    expect(formatAmount("239689.54", "EUR")).toBe("€239,689.54");
    expect(formatAmount("0.01", "GBP")).toBe("£0.01");
  });

  it("shows any decimal the API may send digit for digit", () => {
    const decimal = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 38n - 1n }), fc.integer({ min: 0, max: 99 }))
      .map(([whole, cents]) => `${whole}.${String(cents).padStart(2, "0")}`);
    fc.assert(
      fc.property(decimal, (amount) => {
        expect(formatAmount(amount, "GBP").replace(/[£,]/g, "")).toBe(amount);
      }),
    );
  });
});

describe("formatDay", () => {
  it("shows a calendar day as written, whatever the time zone", () => {
    expect(formatDay("2026-06-02")).toBe("2 Jun 2026");
    expect(formatDay("2027-03-31")).toBe("31 Mar 2027");
    expect(formatDay(null)).toBe("not stated");
  });
});
