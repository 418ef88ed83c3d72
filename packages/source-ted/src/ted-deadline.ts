import { combineDateAndTime } from "@tender/ingest";
import { asList, type TedNotice } from "./ted-notice.js";

/**
 * The earliest lot deadline for tenders: `deadline-receipt-tender-date-lot[i]` joined with
 * `deadline-receipt-tender-time-lot[i]` when present (a date alone means midnight at its offset).
 * `{deadline: null}` when the notice has none; `{error}` naming the value that is unreadable.
 */
export function tedDeadline(notice: TedNotice): { deadline: string | null } | { error: string } {
  const dates = asList(notice["deadline-receipt-tender-date-lot"]);
  const times = asList(notice["deadline-receipt-tender-time-lot"]);
  let earliest: string | null = null;
  for (const [index, date] of dates.entries()) {
    const time = times[index];
    const parsed = combineDateAndTime(date, time);
    if (parsed === null) {
      const shown = time === undefined ? `"${date}"` : `"${date}" "${time}"`;
      return { error: `deadline: deadline-receipt-tender-date-lot ${shown} is not a date` };
    }
    if (earliest === null || parsed < earliest) earliest = parsed;
  }
  return { deadline: earliest };
}
