import { abortableDelay } from "@tender/backoff";

type LogFn = (obj: Record<string, unknown>, msg: string) => void;

/** Where a failed run is reported; a pino logger fits. */
export interface PeriodicLogger {
  warn: LogFn;
  error: LogFn;
}

export interface RunPeriodicallyOptions {
  /** One run; it may stop early once `signal` aborts. A rejection is logged and the loop goes on. */
  run: (signal: AbortSignal) => Promise<unknown>;
  /** Pause after each run, failed or not. */
  intervalMs: number;
  /** Stops the loop: no run starts after it aborts, and the pause ends at once. */
  signal: AbortSignal;
  logger: PeriodicLogger;
  /** Logged (with the error and the pause) when a run fails, e.g. "Stalled download sweep failed". */
  failureMessage: string;
  /** Level of that line; default `warn`. */
  failureLevel?: "warn" | "error";
  /** Pause after a failed run; default `intervalMs` (longer, say, when a source asked for it). */
  pauseAfterFailure?: (error: unknown) => number;
  /** Injected in tests; must resolve early when `signal` aborts. Default `abortableDelay`. */
  delay?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/**
 * Runs `run` at once and then every `intervalMs` after the previous run ended, until `signal`
 * aborts. A failing run (database down) is logged and tried again after the pause, so
 * background work heals by itself once its dependency is back; a run cut short by the abort is
 * not logged as a failure. Resolves after the last run.
 */
export async function runPeriodically(options: RunPeriodicallyOptions): Promise<void> {
  const { signal } = options;
  const delay = options.delay ?? abortableDelay;
  while (!signal.aborted) {
    let pauseMs = options.intervalMs;
    try {
      await options.run(signal);
    } catch (error) {
      pauseMs = options.pauseAfterFailure?.(error) ?? options.intervalMs;
      if (!signal.aborted) {
        const err = error instanceof Error ? error.message : String(error);
        options.logger[options.failureLevel ?? "warn"]({ err, retry_in_ms: pauseMs }, options.failureMessage);
      }
    }
    await delay(pauseMs, signal);
  }
}
