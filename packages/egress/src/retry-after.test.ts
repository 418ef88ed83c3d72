import { describe, expect, it } from "vitest";
import { parseRetryAfter } from "./retry-after.js";

const now = Date.parse("2026-05-30T12:00:00Z");

describe("parseRetryAfter", () => {
  it("reads delay-seconds", () => {
    expect(parseRetryAfter("0", now)).toBe(0);
    expect(parseRetryAfter(" 120 ", now)).toBe(120_000);
  });

  it("reads an HTTP date relative to now, and a past date as no wait", () => {
    expect(parseRetryAfter("Sat, 30 May 2026 12:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Sat, 30 May 2026 11:00:00 GMT", now)).toBe(0);
  });

  it("ignores absent and unreadable values", () => {
    for (const value of [null, undefined, "", "soon", "-5", "1.5", "12abc"]) {
      expect(parseRetryAfter(value, now)).toBeNull();
    }
  });
});
