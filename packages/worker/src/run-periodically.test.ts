import { describe, expect, it } from "vitest";
import { runPeriodically } from "./run-periodically.js";

function recordingLogger() {
  const warnings: Array<{ obj: Record<string, unknown>; msg: string }> = [];
  return {
    warnings,
    logger: { warn: (obj: Record<string, unknown>, msg: string) => warnings.push({ obj, msg }) },
  };
}

describe("runPeriodically", () => {
  it("runs at once and again after each interval, logs a failed run and goes on, and stops on abort", async () => {
    const controller = new AbortController();
    const { warnings, logger } = recordingLogger();
    let runs = 0;
    const done = runPeriodically({
      intervalMs: 1,
      signal: controller.signal,
      logger,
      failureMessage: "Sweep failed",
      run: async () => {
        runs += 1;
        if (runs === 2) throw new Error("database down");
        if (runs === 4) controller.abort();
      },
    });
    await done;
    expect(runs).toBe(4);
    expect(warnings).toEqual([{ obj: { err: "database down", retry_in_ms: 1 }, msg: "Sweep failed" }]);
  });

  it("ends the pause at once when aborted, and starts no run after", async () => {
    const controller = new AbortController();
    let runs = 0;
    const done = runPeriodically({
      intervalMs: 3_600_000,
      signal: controller.signal,
      logger: recordingLogger().logger,
      failureMessage: "never",
      run: async () => {
        runs += 1;
      },
    });
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    await done;
    expect(runs).toBe(1);
  });

  it("never runs when the signal is already aborted", async () => {
    let runs = 0;
    await runPeriodically({
      intervalMs: 1,
      signal: AbortSignal.abort(),
      logger: recordingLogger().logger,
      failureMessage: "never",
      run: async () => {
        runs += 1;
      },
    });
    expect(runs).toBe(0);
  });
});
