import * as v from "valibot";

/** Wire pattern of a calendar date, `YYYY-MM-DD`, years 0001..9999 (what PostgreSQL `date` reads back). */
export const CALENDAR_DATE_PATTERN = "^(?!0000)\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])$";

/**
 * The calendar date at the start of `text` (`2027-03-31T23:59:59+01:00` → `2027-03-31`), as the
 * notice writes it (no time zone conversion: a contract ending on the 31st ends on the 31st), or
 * `null` when it is no real date of the years 0001..9999.
 */
export function calendarDateOf(text: string): string | null {
  const match = /^\s*(\d{4})-(\d{2})-(\d{2})(?![\d])/.exec(text);
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(0);
  date.setUTCFullYear(Number(y), Number(m) - 1, Number(d));
  const day = `${y}-${m}-${d}`;
  return new RegExp(CALENDAR_DATE_PATTERN).test(day) && date.toISOString().slice(0, 10) === day ? day : null;
}

/** A calendar date, `YYYY-MM-DD` exactly (a contract's end, an award's decision). */
export const CalendarDate = v.pipe(
  v.string("Must be a date string, e.g. 2027-03-31"),
  v.check((text) => calendarDateOf(text) === text, "Must be a date YYYY-MM-DD, e.g. 2027-03-31"),
  v.metadata({ format: "date", pattern: CALENDAR_DATE_PATTERN }),
);
export type CalendarDate = v.InferOutput<typeof CalendarDate>;
