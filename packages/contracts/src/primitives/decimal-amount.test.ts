import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { DECIMAL_AMOUNT_PATTERN, DecimalAmount } from "./decimal-amount.js";

// An amount in hundredths, computed independently of the implementation.
function cents(text: string): bigint {
  const [integer = "0", fraction = ""] = text.split(".");
  return BigInt(integer) * 100n + BigInt(fraction.padEnd(2, "0") || "0");
}

const validAmountArb = fc
  .tuple(
    fc.stringMatching(/^\d{1,18}$/),
    fc.oneof(fc.constant(""), fc.stringMatching(/^\d$/), fc.stringMatching(/^\d\d$/)),
  )
  .map(([integer, fraction]) => (fraction === "" ? integer : `${integer}.${fraction}`));

describe("DecimalAmount", () => {
  it("accepts non-negative decimals with at most 18 + 2 digits; the value round-trips", () => {
    fc.assert(
      fc.property(validAmountArb, (text) => {
        const output = v.parse(DecimalAmount, text);
        expect(cents(output)).toBe(cents(text));
        expect(output).toMatch(new RegExp(DECIMAL_AMOUNT_PATTERN));
        expect(v.parse(DecimalAmount, output)).toBe(output);
      }),
    );
  });

  it("normalizes to numeric(20,2) text", () => {
    expect(v.parse(DecimalAmount, "1250.5")).toBe("1250.50");
    expect(v.parse(DecimalAmount, "007")).toBe("7.00");
    expect(v.parse(DecimalAmount, "0")).toBe("0.00");
    expect(v.parse(DecimalAmount, "999999999999999999.99")).toBe("999999999999999999.99");
  });

  it("rejects every negative amount saying so", () => {
    fc.assert(
      fc.property(validAmountArb, (text) => {
        const result = v.safeParse(DecimalAmount, `-${text}`);
        expect(result.success).toBe(false);
        expect(result.issues?.map((issue) => issue.message)).toEqual(["Amount must not be negative"]);
      }),
    );
  });

  it("rejects too many digits and anything that is not a plain decimal", () => {
    for (const text of [
      "1.234",
      "1234567890123456789",
      "1e3",
      "1,50",
      ".5",
      "5.",
      "+5",
      " 5",
      "",
      "abc",
      "0x10",
    ]) {
      const result = v.safeParse(DecimalAmount, text);
      expect(result.success, text).toBe(false);
      expect(result.issues?.[0]?.message).toMatch(/decimal string/);
    }
    expect(v.safeParse(DecimalAmount, 12.5).success).toBe(false);
  });
});
