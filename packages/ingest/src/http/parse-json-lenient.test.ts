import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJsonLenient } from "./parse-json-lenient.js";

describe("parseJsonLenient", () => {
  it("parses plain JSON as JSON.parse does", () => {
    expect(parseJsonLenient('{"a": [1, "x"]}')).toEqual({ a: [1, "x"] });
  });

  it("turns bare non-finite literals into null, leaving strings alone", () => {
    expect(
      parseJsonLenient('{"max": Infinity, "min": -Infinity, "n": NaN, "s": "Infinity \\" NaN"}'),
    ).toEqual({
      max: null,
      min: null,
      n: null,
      s: 'Infinity " NaN',
    });
  });

  it("still refuses what is not JSON", () => {
    expect(() => parseJsonLenient("<html>")).toThrow(SyntaxError);
    expect(() => parseJsonLenient('{"a": Infinityx}')).toThrow(SyntaxError);
  });
});

describe("parseJsonLenient and numbers past a double", () => {
  it("reads 1e9999 (Find a Tender has served it; JSON.parse makes it Infinity) as null", () => {
    expect(parseJsonLenient('{"amount": 1e9999, "low": -1E+400, "ok": 1e308, "s": "1e9999"}')).toEqual({
      amount: null,
      low: null,
      ok: 1e308,
      s: "1e9999",
    });
  });

  it("never returns a non-finite number, whatever numbers the text holds", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer(), fc.nat(99_999), fc.boolean())), (parts) => {
        const numbers = parts.map(([m, e, neg]) => `${m}e${neg ? "-" : "+"}${e}`);
        const parsed = parseJsonLenient(`[${numbers.join(",")}]`) as (number | null)[];
        expect(parsed).toHaveLength(numbers.length);
        for (const [i, value] of parsed.entries()) {
          expect(value === null || Number.isFinite(value)).toBe(true);
          if (value !== null) expect(value).toBe(Number(numbers[i]));
        }
      }),
    );
  });
});
