import { setTimeout as sleep } from "node:timers/promises";

/**
 * Polls `GET url` until it answers 200 (e.g. `/health/ready`). Rejects after `timeoutMs` with the
 * last answer, or as soon as `signal` aborts.
 */
export async function waitUntilHealthy(
  url: string,
  options: { timeoutMs: number; signal?: AbortSignal; intervalMs?: number },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    options.signal?.throwIfAborted();
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(3_000) });
      if (response.ok) return;
      last = `HTTP ${response.status}: ${(await response.text()).slice(0, 200)}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(options.intervalMs ?? 250, undefined, options.signal ? { signal: options.signal } : {});
  }
  throw new Error(`${url} was not ready within ${options.timeoutMs / 1000} s (${last})`);
}
