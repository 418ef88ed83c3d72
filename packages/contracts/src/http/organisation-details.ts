import * as v from "valibot";
import { CalendarDate } from "../primitives/calendar-date.js";
import { CountryCode } from "../primitives/country-code.js";
import { CurrencyCode } from "../primitives/currency-code.js";
import { DecimalAmount } from "../primitives/decimal-amount.js";
import { objectMessage } from "../primitives/object-message.js";
import { SourceCode } from "../primitives/source-code.js";
import { Uuid } from "../primitives/uuid.js";
import { OrganisationIdentifier, OrganisationRole } from "./organisation-summary.js";

/** Most spellings, identifiers, recent awards and counterparts a page lists. */
export const ORGANISATION_PAGE_LIMITS = {
  names: 100,
  looksLike: 5,
  identifiers: 20,
  recentAwards: 20,
  counterparts: 10,
  winnersPerAward: 10,
} as const;

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
/** A sum of amounts: exact, two fraction digits, larger than any one amount may be. */
const Total = v.pipe(v.string(), v.regex(/^(?:0|[1-9]\d{0,37})\.\d{2}$/));

/** Awards counted and their values summed per currency (awards without a value or currency are counted only). */
export const AwardTotals = v.strictObject(
  {
    count: Count,
    totals: v.array(v.strictObject({ currency: CurrencyCode, value: Total }, objectMessage)),
  },
  objectMessage,
);
export type AwardTotals = v.InferOutput<typeof AwardTotals>;

/** An organisation named on an award; `id` null when nothing identifies it. */
export const OrganisationRef = v.strictObject({ id: v.nullable(Uuid), name: v.string() }, objectMessage);
export type OrganisationRef = v.InferOutput<typeof OrganisationRef>;

/** The notice a spelling or an award came from: its tender card, source and the source's id. */
export const OrganisationNoticeRef = v.strictObject(
  { tender_id: Uuid, source: SourceCode, external_id: v.string() },
  objectMessage,
);
export type OrganisationNoticeRef = v.InferOutput<typeof OrganisationNoticeRef>;

/**
 * One spelling of the organisation's name: the first notice stored that gives it (null when not
 * known: spellings seen before notices were recorded) and the other organisations (at most 5)
 * with a spelling that displays alike (the same Unicode UTS #39 confusable skeleton) but is
 * written with other characters, e.g. Cyrillic letters in a Latin name.
 */
export const OrganisationSpelling = v.strictObject(
  {
    name: v.string(),
    notice: v.nullable(OrganisationNoticeRef),
    looks_like: v.array(v.strictObject({ id: Uuid, name: v.string() }, objectMessage)),
  },
  objectMessage,
);
export type OrganisationSpelling = v.InferOutput<typeof OrganisationSpelling>;

/** A buyer or supplier the organisation dealt with, and on how many awards. */
export const OrganisationCounterpart = v.strictObject(
  { id: Uuid, name: v.string(), count: v.pipe(Count, v.minValue(1)) },
  objectMessage,
);
export type OrganisationCounterpart = v.InferOutput<typeof OrganisationCounterpart>;

/** One award of the organisation's page: won (`role` supplier) or given (`role` buyer). */
export const OrganisationAward = v.strictObject(
  {
    role: OrganisationRole,
    tender_id: Uuid,
    tender_title: v.string(),
    lot: v.nullable(v.string()),
    value: v.nullable(DecimalAmount),
    currency: v.nullable(CurrencyCode),
    decided_at: v.nullable(CalendarDate),
    contract_end: v.nullable(CalendarDate),
    buyer: v.nullable(OrganisationRef),
    winners: v.array(OrganisationRef),
    notice: OrganisationNoticeRef,
  },
  objectMessage,
);
export type OrganisationAward = v.InferOutput<typeof OrganisationAward>;

/**
 * `GET /api/v1/organisations/{id}` (docs/api.md#organisations): who it is (every spelling, with
 * the notice that gave it and its look-alikes; its identifiers), what it won and gave, its 20
 * latest awards (decision date, newest first, each with its notice) and its 10 most frequent
 * buyers and suppliers.
 */
export const OrganisationDetails = v.strictObject(
  {
    id: Uuid,
    name: v.string(),
    names: v.array(v.string()),
    spellings: v.array(OrganisationSpelling),
    identifiers: v.array(OrganisationIdentifier),
    country: v.nullable(CountryCode),
    roles: v.array(OrganisationRole),
    awards_won: AwardTotals,
    awards_given: AwardTotals,
    recent_awards: v.array(OrganisationAward),
    top_buyers: v.array(OrganisationCounterpart),
    top_suppliers: v.array(OrganisationCounterpart),
  },
  objectMessage,
);
export type OrganisationDetails = v.InferOutput<typeof OrganisationDetails>;
