import { describe, expect, it } from "vitest";
import { HttpStatusError, RetryAfterTooLongError } from "../http/http-errors.js";
import { runSyncLoop } from "./run-sync-loop.js";
import type { SyncReport } from "./run-sync-pass.js";
import { emptyCounts } from "./sync-counts.js";

const logger = { debug() {}, info() {}, warn() {}, error() {} };
const report: SyncReport = { ...emptyCounts(), source: "ted", pages: 1, stop: "end", cursor: null };

/** Runs the loop over scripted pass outcomes and returns the delays it asked for between passes. */
async function delaysAfter(outcomes: Array<() => Promise<SyncReport>>): Promise<number[]> {
  const controller = new AbortController();
  const delays: number[] = [];
  await runSyncLoop({
    intervalMs: 60_000,
    signal: controller.signal,
    logger,
    runPass: () => (outcomes.shift() ?? (async () => report))(),
    delay: async (ms) => {
      delays.push(ms);
      if (outcomes.length === 0) controller.abort();
    },
  });
  return delays;
}

describe("runSyncLoop", () => {
  it("waits the interval after a pass, whether it succeeded or failed", async () => {
    const delays = await delaysAfter([
      async () => report,
      async () => {
        throw new HttpStatusError("https://api.example/p", 503);
      },
    ]);
    expect(delays).toEqual([60_000, 60_000]);
  });

  it("waits as long as the source asked when that is longer than the interval", async () => {
    const delays = await delaysAfter([
      async () => {
        throw new RetryAfterTooLongError("https://api.example/p", 3_600_000);
      },
      async () => {
        throw new RetryAfterTooLongError("https://api.example/p", 10_000);
      },
    ]);
    expect(delays).toEqual([3_600_000, 60_000]);
  });
});
