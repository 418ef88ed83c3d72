/**
 * A readiness check: resolves true (or undefined) when the dependency answers, false or a
 * rejection when not. The signal aborts when the check's time is up, for checks that can stop.
 */
export type HealthCheck = (signal: AbortSignal) => Promise<boolean | undefined>;

/** How long a readiness check may take before it counts as failed. */
export const HEALTH_CHECK_TIMEOUT_MS = 2_000;

/**
 * Runs one readiness check bounded to `timeoutMs`: true when it passes in time; false when it
 * answers false, throws or hangs (so a hanging dependency marks the check "error" instead of
 * hanging the probe).
 */
export async function runHealthCheck(
  check: HealthCheck,
  timeoutMs = HEALTH_CHECK_TIMEOUT_MS,
): Promise<boolean> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error(`health check timed out after ${timeoutMs} ms`));
      resolve(false);
    }, timeoutMs);
    timer.unref();
  });
  const passed = check(controller.signal).then(
    (result) => result !== false,
    () => false,
  );
  try {
    return await Promise.race([passed, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
