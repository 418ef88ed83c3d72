import * as v from "valibot";
import { CalendarDate } from "../primitives/calendar-date.js";
import { CurrencyCode } from "../primitives/currency-code.js";
import { DecimalAmount } from "../primitives/decimal-amount.js";
import { objectMessage } from "../primitives/object-message.js";
import { boundedNullableText } from "../primitives/trimmed-string.js";
import { AWARD_LIMITS, AwardWinner } from "./award.js";

/** How much of a notice's awards a browse item carries (docs/api.md#browsing). */
export const AWARD_SUMMARY_LIMITS = Object.freeze({ awards: 5, winners: 3 });

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** One award of a summary: its lot, first winners (`winners_total` in all), value and contract end. */
export const AwardSummaryItem = v.strictObject(
  {
    lot: boundedNullableText(AWARD_LIMITS.lot),
    winners: v.pipe(
      v.array(AwardWinner, "Must be an array"),
      v.maxLength(AWARD_SUMMARY_LIMITS.winners, `Must have at most ${AWARD_SUMMARY_LIMITS.winners} items`),
    ),
    winners_total: Count,
    value: v.nullable(DecimalAmount),
    currency: v.nullable(CurrencyCode),
    contract_end: v.nullable(CalendarDate),
  },
  objectMessage,
);
export type AwardSummaryItem = v.InferOutput<typeof AwardSummaryItem>;

/**
 * A result, modification or change notice's awards in brief (what the expiring contracts list
 * shows): how many it has and the first `AWARD_SUMMARY_LIMITS.awards`, soonest contract end first
 * (none last, then notice order).
 */
export const AwardSummary = v.strictObject(
  {
    awards_total: Count,
    awards: v.pipe(
      v.array(AwardSummaryItem, "Must be an array"),
      v.maxLength(AWARD_SUMMARY_LIMITS.awards, `Must have at most ${AWARD_SUMMARY_LIMITS.awards} items`),
    ),
  },
  objectMessage,
);
export type AwardSummary = v.InferOutput<typeof AwardSummary>;
