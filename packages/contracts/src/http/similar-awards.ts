import * as v from "valibot";
import { CountryCode } from "../primitives/country-code.js";
import { CpvPrefix } from "../primitives/cpv-code.js";
import { CurrencyCode } from "../primitives/currency-code.js";
import { DecimalAmount } from "../primitives/decimal-amount.js";
import { objectMessage } from "../primitives/object-message.js";
import { resultLimit, SearchQuery } from "../primitives/search-query.js";
import { Uuid } from "../primitives/uuid.js";
import { awardList } from "./award.js";
import { TenderFilters } from "./tender-filters.js";
import { MAX_CURSOR_LENGTH } from "./tender-list-query.js";
import { TenderSummary } from "./tender-summary.js";

/** Bounds of similar-contract answers (docs/api.md#similar-contracts). */
export const SIMILAR_LIMITS = Object.freeze({
  /** Awards shown per notice (a notice of many lots is cut). */
  awardsPerNotice: 20,
  /** Winners shown per notice, all its awards together. */
  winnersPerNotice: 100,
  /** The most similar notices a summary rests on. */
  summaryNotices: 100,
  /** A statistic resting on fewer values than this is not stated: see docs/api.md#similar-contracts. */
  threshold: 5,
  /** Winners and buyers a summary lists. */
  top: 10,
  /** The buyer's previous contracts listed. */
  buyerHistory: 20,
});

/** Why a notice is similar: a shared CPV level (with the shared prefix), its text's score, a shared country, a close value. */
export const SimilarReason = v.variant("kind", [
  v.strictObject(
    { kind: v.picklist(["cpv_code", "cpv_category", "cpv_class", "cpv_group"]), cpv: CpvPrefix },
    objectMessage,
  ),
  v.strictObject({ kind: v.literal("text"), score: v.number() }, objectMessage),
  v.strictObject({ kind: v.literal("country"), country: CountryCode }, objectMessage),
  v.strictObject({ kind: v.literal("value") }, objectMessage),
]);
export type SimilarReason = v.InferOutput<typeof SimilarReason>;

/** A value and its currency. */
export const MoneyValue = v.strictObject({ amount: DecimalAmount, currency: CurrencyCode }, objectMessage);
export type MoneyValue = v.InferOutput<typeof MoneyValue>;

/**
 * An awarded contract like the tender: the result or modification notice, whether it is a
 * framework agreement or dynamic purchasing system (its values are ceilings; null: the notice
 * does not say), its procedure's estimated value, its awards and why it is similar.
 */
export const SimilarAward = v.strictObject(
  {
    notice: TenderSummary,
    buyer_organisation_id: v.nullable(Uuid),
    framework: v.nullable(v.boolean()),
    estimated: v.nullable(MoneyValue),
    awards: awardList(SIMILAR_LIMITS.awardsPerNotice),
    score: v.number(),
    reasons: v.array(SimilarReason, "Must be an array"),
  },
  objectMessage,
);
export type SimilarAward = v.InferOutput<typeof SimilarAward>;

/**
 * `GET /api/v1/tenders/{id}/similar` and `POST /api/v1/awards/search`: a page of similar awarded
 * contracts, most similar first, the next page's cursor, and why the list is empty (null when not).
 */
export const SimilarAwardsResponse = v.strictObject(
  {
    items: v.array(SimilarAward, "Must be an array"),
    next_cursor: v.nullable(v.string()),
    reason: v.nullable(v.string()),
  },
  objectMessage,
);
export type SimilarAwardsResponse = v.InferOutput<typeof SimilarAwardsResponse>;

const Cursor = v.pipe(
  v.string("Must be a string"),
  v.maxLength(MAX_CURSOR_LENGTH, "Is not a cursor this server issued"),
  v.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, "Is not a cursor this server issued"),
);

/** Paging of the similar contracts: `limit` 1..50 (10 when omitted) and the cursor. */
export const SimilarPaging = v.strictObject(
  { limit: resultLimit(50, 10), cursor: v.optional(Cursor) },
  objectMessage,
);
export type SimilarPaging = v.InferOutput<typeof SimilarPaging>;

/** Body of `POST /api/v1/awards/search`: a query matched as Search matches text, browse filters, paging. */
export const AwardSearchRequest = v.strictObject(
  {
    query: SearchQuery,
    filters: v.optional(TenderFilters),
    limit: resultLimit(50, 10),
    cursor: v.optional(Cursor),
  },
  objectMessage,
);
export type AwardSearchRequest = v.InferOutput<typeof AwardSearchRequest>;

/**
 * Body of `POST /api/v1/awards/search/summary`: the query and filters of an award search, without
 * paging (the summary always rests on the 100 most similar award notices).
 */
export const AwardSearchSummaryRequest = v.strictObject(
  { query: SearchQuery, filters: v.optional(TenderFilters) },
  objectMessage,
);
export type AwardSearchSummaryRequest = v.InferOutput<typeof AwardSearchSummaryRequest>;
