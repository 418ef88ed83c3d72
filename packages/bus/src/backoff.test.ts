import { describe, expect, it } from "vitest";
import { backoffDelayMs } from "./backoff.js";

describe("backoffDelayMs", () => {
  const policy = { initialMs: 100, maxMs: 1_000 };

  it("starts at the initial delay and doubles per failure", () => {
    expect([1, 2, 3, 4].map((n) => backoffDelayMs(n, policy))).toEqual([100, 200, 400, 800]);
  });

  it("never exceeds the maximum, even for huge failure counts", () => {
    expect(backoffDelayMs(5, policy)).toBe(1_000);
    expect(backoffDelayMs(10_000, policy)).toBe(1_000);
  });

  it("treats zero or fewer failures as the first", () => {
    expect(backoffDelayMs(0, policy)).toBe(100);
  });
});
