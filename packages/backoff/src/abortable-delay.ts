import { setTimeout as sleep } from "node:timers/promises";

/** Waits `ms`, or less when `signal` aborts; never rejects. */
export async function abortableDelay(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return;
  try {
    await sleep(ms, undefined, signal ? { signal } : undefined);
  } catch {
    // Aborted: the caller checks the signal.
  }
}
