import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sumDecimalTexts, toDecimalText } from "./decimal-text.js";

describe("toDecimalText", () => {
  it("turns JSON numbers and numeric strings into plain decimals", () => {
    expect(toDecimalText(600000)).toBe("600000");
    expect(toDecimalText(70000000.0)).toBe("70000000");
    expect(toDecimalText("1200000.00")).toBe("1200000");
    expect(toDecimalText(" 0 ")).toBe("0");
    expect(toDecimalText(12.5)).toBe("12.50");
    expect(toDecimalText("12.345")).toBe("12.35");
    expect(toDecimalText("-3")).toBe("-3");
  });

  it("refuses placeholders that are not numbers", () => {
    for (const value of [
      "",
      "n/a",
      "1e5",
      "1,000",
      Number.NaN,
      Number.POSITIVE_INFINITY,
      null,
      undefined,
      {},
    ]) {
      expect(toDecimalText(value)).toBeNull();
    }
  });
});

describe("sumDecimalTexts", () => {
  it("sums exactly, beyond floating point", () => {
    expect(sumDecimalTexts(["0.10", "0.20"])).toBe("0.30");
    expect(sumDecimalTexts(["999999999999999999.99", "0.01"])).toBe("1000000000000000000");
    expect(sumDecimalTexts([])).toBe("0");
  });

  it("equals the sum of cents for any list of amounts", () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 10n ** 15n })), (cents) => {
        const texts = cents.map((c) => `${c / 100n}.${String(c % 100n).padStart(2, "0")}`);
        const total = cents.reduce((a, b) => a + b, 0n);
        const expected =
          total % 100n === 0n
            ? `${total / 100n}`
            : `${total / 100n}.${String(total % 100n).padStart(2, "0")}`;
        expect(sumDecimalTexts(texts)).toBe(expected);
      }),
    );
  });
});
