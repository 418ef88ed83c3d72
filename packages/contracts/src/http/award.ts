import * as v from "valibot";
import { CalendarDate } from "../primitives/calendar-date.js";
import { CountryCode } from "../primitives/country-code.js";
import { CurrencyCode } from "../primitives/currency-code.js";
import { DecimalAmount } from "../primitives/decimal-amount.js";
import { objectMessage } from "../primitives/object-message.js";
import { boundedNullableText } from "../primitives/trimmed-string.js";
import { Uuid } from "../primitives/uuid.js";
import { RECORD_LIMITS } from "../records/record-limits.js";

/** Bounds of what an award holds (docs/records.md#awards-and-organisations), as the tables do. */
export const AWARD_LIMITS = Object.freeze({
  /** Awards kept per notice; a notice with more lots is cut and says so. */
  awards: 500,
  /** Winners kept per award (a consortium's members). */
  winners: 100,
  /** Winners kept per notice, all awards together: bounds a tender card (about 5.4 MB of awards). */
  noticeWinners: 1000,
  /** Awards answered per procedure (its non-superseded result and modification notices)... */
  procedureAwards: 500,
  /** ...and winners, all awards together: the first awards up to this many. */
  procedureWinners: 1000,
  lot: 200,
  name: RECORD_LIMITS.buyerName,
  identifier: 200,
  /** `tenders_received` is an integer column. */
  tendersReceived: 2_147_483_647,
});

/**
 * A winner of an award as the notice writes it: `organisation_id` links it to its organisation
 * (null when nothing identifies it), `identifier` is the registered one as written.
 */
export const AwardWinner = v.strictObject(
  {
    organisation_id: v.nullable(Uuid),
    name: boundedNullableText(AWARD_LIMITS.name),
    identifier: boundedNullableText(AWARD_LIMITS.identifier),
    country: v.nullable(CountryCode),
  },
  objectMessage,
);
export type AwardWinner = v.InferOutput<typeof AwardWinner>;

/**
 * The award of one lot of a result or modification notice (docs/api.md#awards): who won, at what
 * price, when it was decided and signed, when the contract ends, how many tenders came in.
 * Every field the notice does not state is null; `winners` is empty when none is named.
 */
export const Award = v.strictObject(
  {
    lot: boundedNullableText(AWARD_LIMITS.lot),
    winners: v.pipe(
      v.array(AwardWinner, "Must be an array"),
      v.maxLength(AWARD_LIMITS.winners, `Must have at most ${AWARD_LIMITS.winners} items`),
    ),
    value: v.nullable(DecimalAmount),
    currency: v.nullable(CurrencyCode),
    decided_at: v.nullable(CalendarDate),
    contract_signed_at: v.nullable(CalendarDate),
    contract_end: v.nullable(CalendarDate),
    tenders_received: v.nullable(
      v.pipe(
        v.number("Must be a whole number or null"),
        v.integer("Must be a whole number"),
        v.minValue(0, "Must not be negative"),
        v.maxValue(AWARD_LIMITS.tendersReceived, `Must be at most ${AWARD_LIMITS.tendersReceived}`),
      ),
    ),
  },
  objectMessage,
);
export type Award = v.InferOutput<typeof Award>;

/** A list of awards, bounded: a notice's (`TenderDetails.awards`) or a procedure's. */
export function awardList(max: number) {
  return v.pipe(v.array(Award, "Must be an array"), v.maxLength(max, `Must have at most ${max} items`));
}
