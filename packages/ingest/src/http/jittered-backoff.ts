/** Exponential backoff with "equal jitter": half the step is fixed, half random. */
export interface JitteredBackoff {
  initialMs: number;
  maxMs: number;
}

/** Delay before retry number `retry` (1 = the first retry); `random` returns [0, 1). */
export function jitteredBackoffMs(retry: number, policy: JitteredBackoff, random: () => number): number {
  const step = Math.min(policy.maxMs, policy.initialMs * 2 ** Math.max(0, retry - 1));
  return Math.round(step / 2 + (step / 2) * random());
}
