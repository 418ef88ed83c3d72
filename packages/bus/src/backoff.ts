/** Exponential backoff: `initialMs` after the first failure, doubling, never above `maxMs`. */
export interface BackoffPolicy {
  initialMs: number;
  maxMs: number;
}

/** Delay before the next try after `failures` consecutive failures (1 = the first failure). */
export function backoffDelayMs(failures: number, policy: BackoffPolicy): number {
  const exponent = Math.max(0, Math.floor(failures) - 1);
  // 2^exponent overflows to Infinity for huge counts; Math.min still caps it.
  return Math.min(policy.maxMs, policy.initialMs * 2 ** exponent);
}
