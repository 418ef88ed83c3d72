import { abortableDelay } from "@tender/backoff";
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
  const { signal, logger } = options;
  const delay = options.delay ?? abortableDelay;
  while (!signal.aborted) {
    let waitMs = options.intervalMs;
    try {
      const report = await options.runPass(signal);
      logger.info({ ...report, cursor: report.cursor === null ? null : "(set)" }, "Sync pass finished");
    } catch (error) {
      if (error instanceof RetryAfterTooLongError) waitMs = Math.max(waitMs, error.waitMs);
      if (!signal.aborted) {
        logger.error(
          { err: (error as Error).message, retry_in_ms: waitMs },
          "Sync pass failed; retrying at the next interval",
        );
      }
    }
    await delay(waitMs, signal);
  }
}
