import { describe, expect, it } from "vitest";
import { DEFAULT_STALLED_DOWNLOAD_SWEEP, stalledSweepBackoffMs } from "./sweep-stalled-downloads.js";

describe("stalledSweepBackoffMs", () => {
  it("starts at the stale threshold, doubles, and stops at the longest pause", () => {
    const sweep = { ...DEFAULT_STALLED_DOWNLOAD_SWEEP, staleAfterMs: 60_000, maxBackoffMs: 300_000 };
    expect([1, 2, 3, 4, 5].map((n) => stalledSweepBackoffMs(n, sweep))).toEqual([
      60_000, 120_000, 240_000, 300_000, 300_000,
    ]);
    expect(stalledSweepBackoffMs(10_000, sweep)).toBe(300_000);
    // A threshold longer than the cap is never shortened.
    expect(stalledSweepBackoffMs(1, { ...sweep, staleAfterMs: 600_000 })).toBe(600_000);
  });

  it("waits 30 minutes, then 1, 2 and 4 hours, then 6 hours by default", () => {
    const minutes = [1, 2, 3, 4, 5, 6].map(
      (n) => stalledSweepBackoffMs(n, DEFAULT_STALLED_DOWNLOAD_SWEEP) / 60_000,
    );
    expect(minutes).toEqual([30, 60, 120, 240, 360, 360]);
  });
});
