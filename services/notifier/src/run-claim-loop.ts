import { abortableDelay, backoffDelayMs } from "@tender/backoff";
import type { BusLogger } from "@tender/bus";

/** What a claim loop needs: how to claim due rows, how to attempt one, and its bounds. */
export interface ClaimLoopOptions<Item, Slot> {
  logger: BusLogger;
  /** Attempts in flight at once. */
  concurrency: number;
  /** The pause when nothing is due. */
  pollIntervalMs: number;
  /**
   * Claims up to `limit` due rows; `inFlight` holds the slot of each attempt in flight (for caps
   * per key or host). `again`: more may be due at once (a full batch), so claim again without waiting.
   */
  claim: (limit: number, inFlight: Slot[]) => Promise<{ claimed: Item[]; again?: boolean }>;
  /** What an attempt in flight holds, as `claim` sees it. */
  slot: (item: Item) => Slot;
  /** One attempt: sends and records its outcome. */
  attempt: (item: Item) => Promise<void>;
  /** The log line when a claim throws (the loop retries with backoff). */
  claimFailedMessage: string;
  /** The log fields and line when an attempt throws (its claim runs out and the row is due again). */
  attemptFailed: (item: Item) => { fields: Record<string, unknown>; message: string };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The loop webhook deliveries and mails share, until `signal` aborts: claims what is due up to
 * the free slots of `concurrency`, runs each attempt independently (a slow receiver holds only
 * its own slot), and claims again as attempts end. When nothing is due it waits the poll
 * interval, until `wakeUp` is called, or until an attempt ends (which may free a capped turn).
 * A failing claim is retried with backoff. On abort it claims nothing more and waits for the
 * attempts in flight.
 */
export function runClaimLoop<Item, Slot>(
  options: ClaimLoopOptions<Item, Slot>,
  signal: AbortSignal,
): { done: Promise<void>; wakeUp: () => void } {
  let wake = new AbortController();
  const wakeUp = () => wake.abort();
  const done = (async () => {
    const inFlight = new Map<Promise<void>, Slot>();
    let failures = 0;
    while (!signal.aborted) {
      const free = options.concurrency - inFlight.size;
      if (free <= 0) {
        await Promise.race(inFlight.keys());
        continue;
      }
      // A wake-up from now on (new work, an attempt that ended) calls for another claim.
      if (wake.signal.aborted) wake = new AbortController();
      let claim: { claimed: Item[]; again?: boolean };
      try {
        claim = await options.claim(free, [...inFlight.values()]);
        failures = 0;
      } catch (error) {
        failures += 1;
        const delayMs = backoffDelayMs(failures, { initialMs: 500, maxMs: 10_000 });
        options.logger.warn({ err: errorText(error), retry_in_ms: delayMs }, options.claimFailedMessage);
        await abortableDelay(delayMs, signal);
        continue;
      }
      for (const item of claim.claimed) {
        const task: Promise<void> = options
          .attempt(item)
          .catch((error: unknown) => {
            const { fields, message } = options.attemptFailed(item);
            options.logger.error({ ...fields, err: errorText(error) }, message);
          })
          .finally(() => {
            inFlight.delete(task);
            wakeUp();
          });
        inFlight.set(task, options.slot(item));
      }
      if (claim.claimed.length < free) {
        // Woken since this claim began (what woke it may not have been due yet), more is due at
        // once, or this claim filled a capped turn and so passed over other rows: claim again.
        if (wake.signal.aborted || claim.again === true || claim.claimed.length > 0) continue;
        const waiting = new AbortController();
        const stop = () => waiting.abort();
        const woken = wake.signal;
        signal.addEventListener("abort", stop, { once: true });
        woken.addEventListener("abort", stop, { once: true });
        await abortableDelay(options.pollIntervalMs, waiting.signal);
        signal.removeEventListener("abort", stop);
        woken.removeEventListener("abort", stop);
      }
    }
    while (inFlight.size > 0) await Promise.allSettled([...inFlight.keys()]);
  })();
  return { done, wakeUp };
}
