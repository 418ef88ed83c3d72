import { normalizeUtcTimestamp } from "../primitives/utc-timestamp.js";

const DATE_ONLY = /^(\d{4}-\d{2}-\d{2})([Zz]|[+-]\d{2}(?::?\d{2})?)?$/;
const TIME = /^(\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)([Zz]|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * A source date or date-time as a UTC timestamp (`YYYY-MM-DDTHH:mm:ss.sssZ`), or `null` when
 * unreadable. A date without a time means midnight at its offset (`2026-05-30+02:00` →
 * `2026-05-29T22:00:00.000Z`); a bare date or a naive date-time is read as UTC.
 */
export function parseSourceDate(text: string): string | null {
  const trimmed = text.trim();
  const date = DATE_ONLY.exec(trimmed);
  if (date) return normalizeUtcTimestamp(`${date[1]}T00:00:00${date[2] ?? "Z"}`);
  return normalizeUtcTimestamp(trimmed);
}

/**
 * Joins a date (`2026-11-09+01:00`) and a separate time of day (`10:00:00+01:00`, `10:00`) into
 * one UTC timestamp. The time's own offset wins, else the date's, else UTC. Without a time it is
 * `parseSourceDate(date)`. `null` when either part is unreadable.
 */
export function combineDateAndTime(date: string, time: string | null | undefined): string | null {
  if (time === null || time === undefined || time.trim() === "") return parseSourceDate(date);
  const d = DATE_ONLY.exec(date.trim());
  const t = TIME.exec(time.trim());
  if (!d || !t) return null;
  return normalizeUtcTimestamp(`${d[1]}T${t[1]}${t[2] ?? d[2] ?? "Z"}`);
}
