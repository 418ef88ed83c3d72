/**
 * Milliseconds to wait as a `Retry-After` header says: either delay-seconds (`"120"`) or an
 * HTTP date (`"Wed, 21 Oct 2026 07:28:00 GMT"`), measured from `now`. A date in the past means 0.
 * `null` when the header is absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Only the date forms of RFC 9110 start with a letter (day name); this excludes "1.5", "-1", etc.
  if (!/^[A-Za-z]/.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}
