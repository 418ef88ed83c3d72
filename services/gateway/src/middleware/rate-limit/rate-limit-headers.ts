import type { RateLimitDecision } from "@tender/db";

/** Length of the fixed window (docs/api.md#rate-limit). */
const WINDOW_SECONDS = 60;

/**
 * `X-RateLimit-Limit`, `-Remaining` and `-Reset` (integer Unix time at which the next UTC minute
 * starts), plus `Retry-After` = max(1, ceil(reset − now)) when the request was refused.
 */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const reset = Math.round(decision.windowStart) + WINDOW_SECONDS;
  const headers: Record<string, string> = {
    "X-RateLimit-Limit": String(decision.limitPerMinute),
    "X-RateLimit-Remaining": String(Math.max(0, decision.limitPerMinute - decision.requestCount)),
    "X-RateLimit-Reset": String(reset),
  };
  if (!decision.allowed) headers["Retry-After"] = String(Math.max(1, Math.ceil(reset - decision.now)));
  return headers;
}
