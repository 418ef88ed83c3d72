// Polling for the benchmarks that drive services: wait until a condition holds, or fail naming it.
// Entry scripts load it with a typed dynamic import, as bench/search/bench-lib.ts explains.

/** Calls `check` every `intervalMs` until it returns true; throws `${what} within … s` after `timeoutMs`. */
export async function waitUntil(
  check: () => Promise<boolean> | boolean,
  what: string,
  options: { timeoutMs: number; intervalMs?: number },
): Promise<void> {
  const deadline = performance.now() + options.timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`not ${what} within ${options.timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 50));
  }
}

/** True once the durable consumer exists (a service creates the topology when it starts). */
export function consumerExists(
  jsm: { consumers: { info(stream: string, name: string): Promise<unknown> } },
  stream: string,
  name: string,
): Promise<boolean> {
  return jsm.consumers.info(stream, name).then(
    () => true,
    () => false,
  );
}
