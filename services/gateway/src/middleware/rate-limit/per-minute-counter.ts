import type { RateLimitDecision } from "@tender/db";

/** Requests counted per name in fixed UTC minutes, in this process. */
export interface PerMinuteCounter {
  /** Takes one request of `name` in the current minute; a refused one is not counted. */
  take(name: string): RateLimitDecision;
}

/**
 * The windows of the rate limit (docs/api.md#rate-limit: one UTC minute, refused requests not counted), kept in memory for
 * bounds that are not a key's allowance (a feed's reads). Only the current minute's counts are
 * kept, so memory grows with the names seen in one minute, not with time. `clock` gives Unix
 * milliseconds.
 */
export function createPerMinuteCounter(
  limitPerMinute: number,
  clock: () => number = Date.now,
): PerMinuteCounter {
  let windowStart = Number.NEGATIVE_INFINITY;
  let counts = new Map<string, number>();
  return {
    take(name) {
      const now = clock() / 1000;
      const minute = Math.floor(now / 60) * 60;
      if (minute > windowStart) {
        windowStart = minute;
        counts = new Map();
      }
      const requestCount = (counts.get(name) ?? 0) + 1;
      const allowed = requestCount <= limitPerMinute;
      if (allowed) counts.set(name, requestCount);
      return { allowed, requestCount, limitPerMinute, windowStart, now };
    },
  };
}
