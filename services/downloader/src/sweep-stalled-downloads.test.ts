import { backoffDelayMs } from "@tender/backoff";
import { describe, expect, it } from "vitest";
import { DEFAULT_STALLED_DOWNLOAD_SWEEP, stalledSweepBackoff } from "./sweep-stalled-downloads.js";

describe("stalledSweepBackoff", () => {
  it("starts at the stale threshold, doubles, and stops at the longest pause", () => {
    const policy = stalledSweepBackoff({
      ...DEFAULT_STALLED_DOWNLOAD_SWEEP,
      staleAfterMs: 60_000,
      maxBackoffMs: 300_000,
    });
    expect([1, 2, 3, 4, 5].map((n) => backoffDelayMs(n, policy))).toEqual([
      60_000, 120_000, 240_000, 300_000, 300_000,
    ]);
  });

  it("waits 30 minutes, then 1, 2 and 4 hours, then 6 hours by default", () => {
    const policy = stalledSweepBackoff(DEFAULT_STALLED_DOWNLOAD_SWEEP);
    const minutes = [1, 2, 3, 4, 5, 6].map((n) => backoffDelayMs(n, policy) / 60_000);
    expect(minutes).toEqual([30, 60, 120, 240, 360, 360]);
  });
});
