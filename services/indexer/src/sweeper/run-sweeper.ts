import { abortableDelay } from "@tender/backoff";
import { type SweepOptions, sweepOnce } from "./sweep-once.js";

/**
 * Sweeps every `intervalMs` until `signal` aborts, so tenders left behind (an AI outage, a
 * dead-lettered event, a changed embedding model) are indexed without an operator. A failing
 * pass (database down) is logged and retried at the next interval.
 */
export async function runSweeper(options: SweepOptions & { signal: AbortSignal }): Promise<void> {
  const { signal, logger } = options;
  while (!signal.aborted) {
    try {
      await sweepOnce(options);
    } catch (error) {
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, "Sweeper pass failed");
    }
    await abortableDelay(options.intervalMs, signal);
  }
}
