const DAY_MS = 86_400_000;

/**
 * A deadline as a reader wants it: `2026-12-01 (closes in 5 days)`, `… (closes today)`, `… (closed)`,
 * or `not given`. Days are whole days left, rounded up: 36 hours is "in 2 days".
 */
export function closesIn(deadline: string | null, now: Date): string {
  if (deadline === null) return "not given";
  const at = Date.parse(deadline);
  if (Number.isNaN(at)) return "not given";
  const date = new Date(at).toISOString().slice(0, 10);
  const left = at - now.getTime();
  if (left <= 0) return `${date} (closed)`;
  if (left < DAY_MS && new Date(at).getUTCDate() === now.getUTCDate()) return `${date} (closes today)`;
  const days = Math.ceil(left / DAY_MS);
  return `${date} (closes in ${days} ${days === 1 ? "day" : "days"})`;
}
