import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { CurrencyCode } from "./currency-code.js";

describe("CurrencyCode", () => {
  it("accepts exactly three uppercase ASCII letters and rejects anything else", () => {
    const candidates = fc.oneof(
      fc.stringMatching(/^[A-Z]{3}$/),
      fc.stringMatching(/^[A-Za-z]{2,4}$/),
      fc.stringMatching(/^\s?[A-Z]{3}\s?$/),
      fc.string({ maxLength: 5 }),
      fc.string({ unit: "grapheme", minLength: 3, maxLength: 3 }),
    );
    fc.assert(
      fc.property(candidates, (text) => {
        const result = v.safeParse(CurrencyCode, text);
        expect(result.success).toBe(/^[A-Z]{3}$/.test(text));
        if (result.success) expect(result.output).toBe(text);
      }),
    );
  });

  it("rejects lower case, padding, digits and non-Latin capitals with a clear message", () => {
    for (const text of ["eur", " EUR", "EUR ", "EU", "EURO", "E1R", "ÄÖÜ", "ЕВР", ""]) {
      const result = v.safeParse(CurrencyCode, text);
      expect(result.success, text).toBe(false);
      expect(result.issues?.[0]?.message).toMatch(/three-letter uppercase/);
    }
  });
});
