import { describe, expect, it } from "vitest";
import { runPeriodically } from "./run-periodically.js";

type Line = { level: string; obj: Record<string, unknown>; msg: string };

function recordingLogger() {
  const warnings: Line[] = [];
  const log = (level: string) => (obj: Record<string, unknown>, msg: string) =>
    void warnings.push({ level, obj, msg });
  return { warnings, logger: { warn: log("warn"), error: log("error") } };
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
    expect(warnings).toEqual([
      { level: "warn", obj: { err: "database down", retry_in_ms: 1 }, msg: "Sweep failed" },
    ]);
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

  it("pauses as long as pauseAfterFailure says after a failure, logs at the given level, and not a run cut short by the abort", async () => {
    const controller = new AbortController();
    const { warnings, logger } = recordingLogger();
    const pauses: number[] = [];
    const outcomes = ["slow down", "fail", "ok", "aborted"];
    await runPeriodically({
      intervalMs: 60_000,
      signal: controller.signal,
      logger,
      failureMessage: "Sync pass failed",
      failureLevel: "error",
      pauseAfterFailure: (error) => ((error as Error).message === "slow down" ? 3_600_000 : 60_000),
      delay: async (ms) => void pauses.push(ms),
      run: async (signal) => {
        expect(signal).toBe(controller.signal);
        const outcome = outcomes.shift();
        if (outcome === "ok") return;
        if (outcome === "aborted") controller.abort();
        throw new Error(outcome);
      },
    });
    expect(pauses).toEqual([3_600_000, 60_000, 60_000, 60_000]);
    expect(warnings.map((w) => [w.level, w.obj.err, w.obj.retry_in_ms])).toEqual([
      ["error", "slow down", 3_600_000],
      ["error", "fail", 60_000],
    ]);
  });
});
