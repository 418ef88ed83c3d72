/** Longest pause between two re-announcements of one tender. */
export const MAX_SWEEP_BACKOFF_MS = 60 * 60 * 1000;

/**
 * Pause before the sweeper may announce a tender again after its `attempts`-th announcement
 * (1 = the first): the sweep interval, doubling, at most an hour.
 */
export function sweepBackoffMs(attempts: number, intervalMs: number, maxMs = MAX_SWEEP_BACKOFF_MS): number {
  const exponent = Math.min(30, Math.max(0, attempts - 1));
  return Math.min(Math.max(intervalMs, maxMs), intervalMs * 2 ** exponent);
}
