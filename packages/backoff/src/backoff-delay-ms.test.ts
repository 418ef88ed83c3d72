import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { backoffDelayMs } from "./backoff-delay-ms.js";

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
    expect(backoffDelayMs(-3, policy)).toBe(100);
  });

  it("never goes below the initial delay when the maximum is smaller", () => {
    expect(backoffDelayMs(3, { initialMs: 500, maxMs: 100 })).toBe(500);
  });

  it("with equal jitter keeps half of each step fixed and randomizes the other half", () => {
    const jittered = { ...policy, jitter: "equal" as const };
    expect(backoffDelayMs(3, jittered, () => 0)).toBe(200);
    expect(backoffDelayMs(3, jittered, () => 0.999999)).toBe(400);
  });

  it("stays finite and within [step/2, max] for any failure count and random value", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10, max: 1_000_000 }),
        fc.double({ min: 0, max: 0.9999999, noNaN: true }),
        (n, r) => {
          const d = backoffDelayMs(n, { initialMs: 250, maxMs: 60_000, jitter: "equal" }, () => r);
          return Number.isFinite(d) && d >= 125 && d <= 60_000;
        },
      ),
    );
  });
});
