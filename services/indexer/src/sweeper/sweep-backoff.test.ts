import { describe, expect, it } from "vitest";
import { MAX_SWEEP_BACKOFF_MS, sweepBackoffMs } from "./sweep-backoff.js";

describe("sweepBackoffMs", () => {
  it("starts at the interval, doubles, and stops at an hour", () => {
    expect([1, 2, 3, 4].map((n) => sweepBackoffMs(n, 60_000))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(sweepBackoffMs(7, 60_000)).toBe(MAX_SWEEP_BACKOFF_MS);
    expect(sweepBackoffMs(10_000, 60_000)).toBe(MAX_SWEEP_BACKOFF_MS);
    // An interval longer than the cap is never shortened.
    expect(sweepBackoffMs(1, 2 * MAX_SWEEP_BACKOFF_MS)).toBe(2 * MAX_SWEEP_BACKOFF_MS);
  });
});
