import * as v from "valibot";
import { CalendarDate } from "../primitives/calendar-date.js";
import { objectMessage } from "../primitives/object-message.js";

export const TENDER_SORTS = ["published_desc", "deadline_asc", "amount_desc", "contract_end_asc"] as const;
export type TenderSort = (typeof TENDER_SORTS)[number];
/** Longest cursor accepted; the server's own are far shorter. */
export const MAX_CURSOR_LENGTH = 512;

/** A cursor parameter: a signed cursor the server issued (docs/api.md#cursors). */
export const PageCursor = v.pipe(
  v.string("Must be a string"),
  v.maxLength(MAX_CURSOR_LENGTH, "Is not a cursor this server issued"),
  v.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, "Is not a cursor this server issued"),
);

/** A `limit` parameter: a whole number from 1 to `max`, `fallback` when absent. */
export function pageLimit(max: number, fallback: number) {
  return v.optional(
    v.pipe(
      v.number("Must be a whole number"),
      v.integer("Must be a whole number"),
      v.minValue(1, "Must be at least 1"),
      v.maxValue(max, `Must be at most ${max}`),
    ),
    fallback,
  );
}

/**
 * Paging of `GET /api/v1/tenders` (docs/api.md#browsing), beside the filters, and the browse-only
 * range of contract ends (`contract_end_from` / `contract_end_to`, days, both included): result
 * notices whose earliest contract end falls in it (expiring contracts).
 */
export const TenderListPaging = v.strictObject(
  {
    sort: v.optional(v.picklist(TENDER_SORTS, `Must be one of ${TENDER_SORTS.join(", ")}`), "published_desc"),
    limit: pageLimit(100, 20),
    cursor: v.optional(PageCursor),
    contract_end_from: v.optional(CalendarDate),
    contract_end_to: v.optional(CalendarDate),
  },
  objectMessage,
);
export type TenderListPaging = v.InferOutput<typeof TenderListPaging>;
