import { runPeriodically } from "@tender/worker";
import { RetryAfterTooLongError } from "../http/http-errors.js";
import type { IngestLogger } from "./ingest-logger.js";
import type { SyncReport } from "./run-sync-pass.js";

export interface RunSyncLoopOptions {
  /** One pass; it must stop between pages once `signal` aborts. */
  runPass: (signal: AbortSignal) => Promise<SyncReport>;
  intervalMs: number;
  signal: AbortSignal;
  logger: IngestLogger;
  /** Injected in tests; resolves early when `signal` aborts. */
  delay?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/**
 * Runs a pass, waits `intervalMs`, and again, until `signal` aborts. A failed pass is logged
 * and retried at the next interval (its committed pages stay committed); when the source asked
 * for a longer pause (`Retry-After` beyond what a request waits), the next pass waits for that.
 */
export async function runSyncLoop(options: RunSyncLoopOptions): Promise<void> {
  const { logger, intervalMs } = options;
  await runPeriodically({
    run: async (signal) => {
      const report = await options.runPass(signal);
      logger.info({ ...report, cursor: report.cursor === null ? null : "(set)" }, "Sync pass finished");
    },
    intervalMs,
    signal: options.signal,
    logger,
    failureMessage: "Sync pass failed; retrying at the next interval",
    failureLevel: "error",
    pauseAfterFailure: (error) =>
      error instanceof RetryAfterTooLongError ? Math.max(intervalMs, error.waitMs) : intervalMs,
    ...(options.delay ? { delay: options.delay } : {}),
  });
}
