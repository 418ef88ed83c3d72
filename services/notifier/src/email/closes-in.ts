const DAY_MS = 86_400_000;

/**
 * A deadline as a reader wants it: `2026-12-01 (closes in 5 days)`, `… (closes today)`,
 * `… (closed)`, or `not given`. Days are calendar days in UTC, as the date shown: a deadline on
 * Saturday read on Wednesday "closes in 3 days", whatever the hour.
 */
export function closesIn(deadline: string | null, now: Date): string {
  if (deadline === null) return "not given";
  const at = Date.parse(deadline);
  if (Number.isNaN(at)) return "not given";
  const date = new Date(at).toISOString().slice(0, 10);
  if (at <= now.getTime()) return `${date} (closed)`;
  const days = Math.round((Date.parse(date) - Date.parse(now.toISOString().slice(0, 10))) / DAY_MS);
  if (days === 0) return `${date} (closes today)`;
  return `${date} (closes in ${days} ${days === 1 ? "day" : "days"})`;
}
