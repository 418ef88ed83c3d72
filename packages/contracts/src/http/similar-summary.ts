import * as v from "valibot";
import { CurrencyCode } from "../primitives/currency-code.js";
import { objectMessage } from "../primitives/object-message.js";
import { Uuid } from "../primitives/uuid.js";
import { SimilarAward } from "./similar-awards.js";

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
/** A decimal of any size with two fraction digits: totals may pass numeric(20,2). */
const Decimal = v.pipe(
  v.string(),
  v.regex(/^(?:0|[1-9]\d*)\.\d{2}$/, "Must be a decimal with two fraction digits"),
);

/** Award values of one currency: how many, the smallest, quartiles, median and largest (never converted). */
export const CurrencyValues = v.strictObject(
  {
    currency: CurrencyCode,
    count: Count,
    min: Decimal,
    q1: Decimal,
    median: Decimal,
    q3: Decimal,
    max: Decimal,
  },
  objectMessage,
);
export type CurrencyValues = v.InferOutput<typeof CurrencyValues>;

/** A total in one currency. */
export const CurrencyTotal = v.strictObject(
  { currency: CurrencyCode, total: Decimal, count: Count },
  objectMessage,
);
export type CurrencyTotal = v.InferOutput<typeof CurrencyTotal>;

/**
 * What the most similar awarded contracts say together (docs/api.md#similar-contracts). Every
 * statistic resting on fewer than `threshold` values is null or left out.
 */
export const SimilarSummary = v.strictObject(
  {
    /** Award notices it rests on, and their awards. */
    notices: Count,
    awards: Count,
    threshold: Count,
    /** Why nothing is stated (too few contracts); null when something is. */
    reason: v.nullable(v.string()),
    /** Single contracts (not known to be frameworks) and frameworks or dynamic purchasing systems (ceilings), per currency. */
    values: v.strictObject(
      { contracts: v.array(CurrencyValues), frameworks: v.array(CurrencyValues) },
      objectMessage,
    ),
    /** Awarded ÷ estimated value, same currency, single contracts: how many, and the median ratio. */
    awarded_to_estimated: v.nullable(
      v.strictObject({ count: Count, median_ratio: v.number() }, objectMessage),
    ),
    tenders_received: v.nullable(v.strictObject({ count: Count, median: v.number() }, objectMessage)),
    top_winners: v.array(
      v.strictObject(
        {
          organisation_id: v.nullable(Uuid),
          name: v.nullable(v.string()),
          awards: Count,
          totals: v.array(CurrencyTotal),
        },
        objectMessage,
      ),
    ),
    top_buyers: v.array(
      v.strictObject({ organisation_id: v.nullable(Uuid), name: v.string(), notices: Count }, objectMessage),
    ),
  },
  objectMessage,
);
export type SimilarSummary = v.InferOutput<typeof SimilarSummary>;

/**
 * `GET /api/v1/tenders/{id}/similar/summary`: the summary, and this buyer's previous contracts
 * in the tender's CPV classes (the incumbent and when its contract ends).
 */
export const SimilarSummaryResponse = v.strictObject(
  { summary: SimilarSummary, buyer_history: v.array(SimilarAward) },
  objectMessage,
);
export type SimilarSummaryResponse = v.InferOutput<typeof SimilarSummaryResponse>;

/** `POST /api/v1/awards/search/summary`: the summary of the award notices most like a query (no buyer, so no buyer history). */
export const AwardSearchSummaryResponse = v.strictObject({ summary: SimilarSummary }, objectMessage);
export type AwardSearchSummaryResponse = v.InferOutput<typeof AwardSearchSummaryResponse>;
