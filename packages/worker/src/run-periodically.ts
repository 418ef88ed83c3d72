import { abortableDelay } from "@tender/backoff";

/** Where a failed run is reported; a pino logger fits. */
export interface PeriodicLogger {
  warn(obj: Record<string, unknown>, msg: string): void;
}

export interface RunPeriodicallyOptions {
  /** One run; a rejection is logged and the loop goes on. */
  run: () => Promise<unknown>;
  /** Pause after each run, failed or not. */
  intervalMs: number;
  /** Stops the loop: no run starts after it aborts, and the pause ends at once. */
  signal: AbortSignal;
  logger: PeriodicLogger;
  /** Logged (with the error) when a run fails, e.g. "Stalled download sweep failed". */
  failureMessage: string;
}

/**
 * Runs `run` at once and then every `intervalMs` after the previous run ended, until `signal`
 * aborts. A failing run (database down) is logged and tried again at the next interval, so
 * background work heals by itself once its dependency is back. Resolves after the last run.
 */
export async function runPeriodically(options: RunPeriodicallyOptions): Promise<void> {
  const { signal } = options;
  while (!signal.aborted) {
    try {
      await options.run();
    } catch (error) {
      const err = error instanceof Error ? error.message : String(error);
      options.logger.warn({ err, retry_in_ms: options.intervalMs }, options.failureMessage);
    }
    await abortableDelay(options.intervalMs, signal);
  }
}
