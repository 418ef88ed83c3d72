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
