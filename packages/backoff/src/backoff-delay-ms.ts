/**
 * Exponential backoff: `initialMs` after the first failure, doubling, never above
 * `max(initialMs, maxMs)`. With `jitter: "equal"`, half of each step is fixed and half random, so
 * clients that failed together do not retry together.
 */
export interface BackoffPolicy {
  initialMs: number;
  maxMs: number;
  jitter?: "none" | "equal";
}

/**
 * Delay before the next try after `failures` consecutive failures (1 = the first failure; zero
 * or fewer count as the first). `random` returns [0, 1) and is used only with jitter.
 */
export function backoffDelayMs(
  failures: number,
  policy: BackoffPolicy,
  random: () => number = Math.random,
): number {
  // The exponent is capped so that 2 ** exponent stays finite; the cap below then applies.
  const exponent = Math.min(60, Math.max(0, Math.floor(failures) - 1));
  const step = Math.min(Math.max(policy.initialMs, policy.maxMs), policy.initialMs * 2 ** exponent);
  if (policy.jitter !== "equal") return step;
  return Math.round(step / 2 + (step / 2) * random());
}
