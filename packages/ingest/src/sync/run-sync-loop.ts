import { abortableDelay } from "@tender/bus";
import type { IngestLogger } from "./ingest-logger.js";
import type { SyncReport } from "./run-sync-pass.js";

export interface RunSyncLoopOptions {
  /** One pass; it must stop between pages once `signal` aborts. */
  runPass: (signal: AbortSignal) => Promise<SyncReport>;
  intervalMs: number;
  signal: AbortSignal;
  logger: IngestLogger;
}

/**
 * Runs a pass, waits `intervalMs`, and again, until `signal` aborts. A failed pass is logged
 * and retried at the next interval (its committed pages stay committed).
 */
export async function runSyncLoop(options: RunSyncLoopOptions): Promise<void> {
  const { signal, logger } = options;
  while (!signal.aborted) {
    try {
      const report = await options.runPass(signal);
      logger.info({ ...report, cursor: report.cursor === null ? null : "(set)" }, "Sync pass finished");
    } catch (error) {
      if (!signal.aborted)
        logger.error({ err: (error as Error).message }, "Sync pass failed; retrying at the next interval");
    }
    await abortableDelay(options.intervalMs, signal);
  }
}
