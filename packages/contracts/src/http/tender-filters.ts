import * as v from "valibot";
import { CountryCode } from "../primitives/country-code.js";
import { CpvPrefix } from "../primitives/cpv-code.js";
import { CurrencyCode } from "../primitives/currency-code.js";
import { DecimalAmount } from "../primitives/decimal-amount.js";
import { KnownSourceCode } from "../primitives/known-source-code.js";
import { NOTICE_KINDS, NoticeKind } from "../primitives/notice-kind.js";
import { objectMessage } from "../primitives/object-message.js";
import { SOURCE_CODES } from "../primitives/source-codes.js";
import { UtcTimestamp } from "../primitives/utc-timestamp.js";
import { Uuid } from "../primitives/uuid.js";

/** The sources a filter can name. */
export const FILTER_SOURCES = SOURCE_CODES;
export const MAX_FILTER_VALUES = 50;
export const MAX_FILTER_TENDER_IDS = 100;
export const MAX_BUYER_LENGTH = 200;

function list<S extends v.GenericSchema<unknown, string>>(item: S, max: number) {
  return v.optional(
    v.pipe(
      v.array(item, "Must be an array"),
      v.minLength(1, "Must list at least one value"),
      v.maxLength(max, `Must list at most ${max} values`),
    ),
  );
}

// No control characters: PostgreSQL cannot hold NUL, and no buyer name contains the others. No
// lone surrogate either: a saved search stores its filters as jsonb, which refuses one.
const Buyer = v.pipe(
  v.string("Must be a string"),
  v.check((text) => !/\p{Cc}/u.test(text), "Must not contain control characters"),
  v.check((text) => text.isWellFormed(), "Must not contain a lone UTF-16 surrogate (half of a character)"),
  v.trim(),
  v.minLength(1, "Must not be empty after trimming"),
  v.maxLength(MAX_BUYER_LENGTH, `Must be at most ${MAX_BUYER_LENGTH} characters after trimming`),
);

const FilterFieldsSchema = v.strictObject(
  {
    sources: v.optional(
      v.pipe(
        v.array(KnownSourceCode, "Must be an array"),
        v.minLength(1, "Must list at least one value"),
        // Known and unique: at most one of each. No maxItems, which would repeat the number of
        // sources in every schema that holds filters (they refer to the one enum file instead).
        v.check(
          (items) => items.length <= FILTER_SOURCES.length,
          `Must list at most ${FILTER_SOURCES.length} values`,
        ),
        v.check((items) => new Set(items).size === items.length, "Must not list a source twice"),
        v.metadata({ uniqueItems: true }),
      ),
    ),
    countries: list(CountryCode, MAX_FILTER_VALUES),
    cpv: list(CpvPrefix, MAX_FILTER_VALUES),
    buyer: v.optional(Buyer),
    currency: v.optional(CurrencyCode),
    amount_min: v.optional(DecimalAmount),
    amount_max: v.optional(DecimalAmount),
    published_from: v.optional(UtcTimestamp),
    published_to: v.optional(UtcTimestamp),
    deadline_from: v.optional(UtcTimestamp),
    deadline_to: v.optional(UtcTimestamp),
    open: v.optional(v.boolean("Must be true or false")),
    tender_ids: list(Uuid, MAX_FILTER_TENDER_IDS),
    kinds: v.optional(
      v.pipe(
        v.array(NoticeKind, "Must be an array"),
        v.minLength(1, "Must list at least one value"),
        v.maxLength(NOTICE_KINDS.length, `Must list at most ${NOTICE_KINDS.length} values`),
        v.check((items) => new Set(items).size === items.length, "Must not list a kind twice"),
        v.metadata({ uniqueItems: true }),
      ),
    ),
    current: v.optional(v.boolean("Must be true or false")),
  },
  objectMessage,
);
type FilterFields = v.InferOutput<typeof FilterFieldsSchema>;

interface CrossRule {
  /** Where the issue is reported; also a field the rule reads. */
  field: keyof FilterFields;
  reads: (keyof FilterFields)[];
  holds: (input: FilterFields) => boolean;
  message: string;
}

/**
 * Rules across fields, checked together once the fields are parsed. A rule is skipped when a
 * field it reads has its own problem, and otherwise runs whatever the others hold, so each
 * problem is reported once and all of them at once (valibot's `partialCheck` would also skip a
 * rule whose field another rule already flagged).
 */
function crossChecks(rules: CrossRule[]): v.BaseValidation<FilterFields, FilterFields, v.BaseIssue<unknown>> {
  return {
    kind: "validation",
    type: "cross_checks",
    reference: crossChecks,
    async: false,
    expects: null,
    "~run"(dataset) {
      const issues = dataset.issues ?? [];
      if (issues.some((issue) => !issue.path?.length)) return dataset;
      const flagged = new Set(issues.map((issue) => issue.path?.[0]?.key));
      const input = dataset.value as FilterFields;
      for (const rule of rules) {
        if ([rule.field, ...rule.reads].some((key) => flagged.has(key)) || rule.holds(input)) continue;
        const issue: v.BaseIssue<unknown> = {
          kind: "validation",
          type: "cross_checks",
          input: input[rule.field],
          expected: null,
          received: "invalid",
          message: rule.message,
          path: [{ type: "object", origin: "value", input, key: rule.field, value: input[rule.field] }],
        };
        dataset.issues = [...(dataset.issues ?? []), issue] as typeof dataset.issues;
      }
      return dataset;
    },
  } as v.BaseValidation<FilterFields, FilterFields, v.BaseIssue<unknown>>;
}

/** `to` must come after `from` when both are given; reported on `to`. */
function ordered(
  to: "published_to" | "deadline_to" | "amount_max",
  from: "published_from" | "deadline_from" | "amount_min",
  below: (lower: string, upper: string) => boolean,
  message: string,
): CrossRule {
  return {
    field: to,
    reads: [from],
    holds: (input) => input[from] === undefined || input[to] === undefined || below(input[from], input[to]),
    message,
  };
}

/** An amount bound compares in the tender's currency: `currency` must be given with it. */
function needsCurrency(bound: "amount_min" | "amount_max"): CrossRule {
  return {
    field: bound,
    reads: ["currency"],
    holds: (input) => input[bound] === undefined || input.currency !== undefined,
    message: "An amount bound needs currency",
  };
}

// Normalized amounts have exactly two fraction digits: compare them as whole cents, exactly.
const cents = (amount: string) => BigInt(amount.replace(".", ""));
// Normalized timestamps share one fixed-width form: text order is time order.
const earlier = (a: string, b: string) => a < b;

/**
 * Filters of Search, Ask, browsing and facets (docs/api.md#filters). Strict: an unknown key
 * is refused. Every problem is its own issue: an inverted range names its upper end, an amount
 * bound without `currency` names the bound.
 */
export const TenderFilters = v.pipe(
  FilterFieldsSchema,
  crossChecks([
    ordered("published_to", "published_from", earlier, "Must be later than published_from"),
    ordered("deadline_to", "deadline_from", earlier, "Must be later than deadline_from"),
    ordered("amount_max", "amount_min", (a, b) => cents(a) <= cents(b), "Must not be less than amount_min"),
    needsCurrency("amount_min"),
    needsCurrency("amount_max"),
  ]),
);
export type TenderFilters = v.InferOutput<typeof TenderFilters>;

/** Every key `filters` may hold, in the order the contract lists them. */
export const TENDER_FILTER_KEYS = Object.keys(FilterFieldsSchema.entries) as (keyof TenderFilters)[];
