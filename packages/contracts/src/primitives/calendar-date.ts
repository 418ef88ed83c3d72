import * as v from "valibot";

/** Wire pattern of a calendar date, `YYYY-MM-DD`, as PostgreSQL prints a `date`. */
export const CALENDAR_DATE_PATTERN = "^\\d{4}-\\d{2}-\\d{2}$";

/** A calendar date `YYYY-MM-DD` that exists (no time, no zone). */
export const CalendarDate = v.pipe(
  v.string("Must be a date string YYYY-MM-DD"),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, "Must be a date YYYY-MM-DD, e.g. 2027-03-31"),
  v.check((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  }, "Must be a date that exists, e.g. 2027-03-31"),
  v.metadata({ format: "date", pattern: CALENDAR_DATE_PATTERN }),
);
export type CalendarDate = v.InferOutput<typeof CalendarDate>;
