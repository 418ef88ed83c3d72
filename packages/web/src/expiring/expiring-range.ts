/** The contract ends an "Expiring contracts" view lists, both days included (`YYYY-MM-DD`). */
export interface ExpiringRange {
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(text: string | null): text is string {
  if (text === null || !DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** `day` plus `months` calendar months, the day of month kept or cut to the month's last (31 Aug + 6 → 28 Feb). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/**
 * The range in the URL (`contract_end_from`, `contract_end_to`, as the API names them); each
 * missing or malformed end defaults to today and six months after the start.
 */
export function expiringRangeOf(search: string, today: string): ExpiringRange {
  const params = new URLSearchParams(search);
  const fromParam = params.get("contract_end_from");
  const toParam = params.get("contract_end_to");
  const from = isDay(fromParam) ? fromParam : today;
  const to = isDay(toParam) ? toParam : addMonths(from, 6);
  return { from, to };
}

/** The browse query of a page of the view: latest notices, earliest contract end first. */
export function expiringParams(range: ExpiringRange): URLSearchParams {
  return new URLSearchParams({
    sort: "contract_end_asc",
    contract_end_from: range.from,
    contract_end_to: range.to,
    current: "true",
  });
}

/** Today's day in UTC, as the API's dates are. */
export function todayUtc(now: number = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}
