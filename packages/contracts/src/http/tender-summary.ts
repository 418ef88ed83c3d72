import * as v from "valibot";
import { CountryCode } from "../primitives/country-code.js";
import { CpvCode } from "../primitives/cpv-code.js";
import { NoticeKind } from "../primitives/notice-kind.js";
import { objectMessage } from "../primitives/object-message.js";
import { IndexStatus } from "../primitives/statuses.js";
import { TrimmedString } from "../primitives/trimmed-string.js";
import { Uuid } from "../primitives/uuid.js";
import { TENDER_FIELDS } from "../records/tender-fields.js";
import { CpvTerm } from "./cpv-term.js";

/**
 * The procurement facets a tender shows (docs/records.md#facets-per-source): sorted, unique, possibly
 * empty; `cpv` is `cpv_codes` with their labels in the answer's language (docs/api.md#cpv-labels).
 */
export const TENDER_FACET_FIELDS = {
  countries: v.array(CountryCode, "Must be an array"),
  cpv_codes: v.array(CpvCode, "Must be an array"),
  cpv: v.array(CpvTerm, "Must be an array"),
} as const;

/**
 * Where a notice stands in its procedure (docs/records.md#procedures): its procedure (null until
 * its source maps one), its kind and the notice that replaces it (null: it is current).
 */
export const TENDER_PROCEDURE_FIELDS = {
  procedure_id: v.nullable(Uuid),
  kind: NoticeKind,
  superseded_by: v.nullable(Uuid),
} as const;

const { description: _description, ...SUMMARY_FIELDS } = TENDER_FIELDS;

/** One tender of `GET /api/v1/tenders` (docs/api.md#browsing): the card without description and attachments. */
export const TenderSummary = v.strictObject(
  {
    id: Uuid,
    ...SUMMARY_FIELDS,
    ...TENDER_FACET_FIELDS,
    index_status: IndexStatus,
    ...TENDER_PROCEDURE_FIELDS,
  },
  objectMessage,
);
export type TenderSummary = v.InferOutput<typeof TenderSummary>;
/** A `TenderSummary` as the database gives it, before its CPV labels are added in a language. */
export type TenderSummaryRow = Omit<TenderSummary, "cpv">;

/** Response of `GET /api/v1/tenders`: a page and the opaque cursor of the next one (null: last page). */
export const TenderListResponse = v.strictObject(
  { items: v.array(TenderSummary, "Must be an array"), next_cursor: v.nullable(v.string()) },
  objectMessage,
);
export type TenderListResponse = v.InferOutput<typeof TenderListResponse>;

/** One value of a facet and how many matching tenders have it. */
export const FacetCount = v.strictObject(
  { value: v.string(), count: v.pipe(v.number(), v.integer(), v.minValue(1)) },
  objectMessage,
);
export type FacetCount = v.InferOutput<typeof FacetCount>;

const FacetCounts = v.array(FacetCount, "Must be an array");

/** A CPV division's count, with the division's label in the answer's language. */
export const CpvFacetCount = v.strictObject(
  { ...FacetCount.entries, label: v.nullable(TrimmedString) },
  objectMessage,
);
export type CpvFacetCount = v.InferOutput<typeof CpvFacetCount>;

/** Response of `GET /api/v1/facets`: counts of matching tenders, count descending then value, ≤ 50 each. */
export const FacetsResponse = v.strictObject(
  {
    total: v.pipe(v.number(), v.integer(), v.minValue(0)),
    sources: FacetCounts,
    countries: FacetCounts,
    cpv_divisions: v.array(CpvFacetCount, "Must be an array"),
    currencies: FacetCounts,
    kinds: FacetCounts,
  },
  objectMessage,
);
export type FacetsResponse = v.InferOutput<typeof FacetsResponse>;
/** Facet counts as the database gives them: CPV divisions without their labels. */
export type FacetCountsRow = Omit<FacetsResponse, "cpv_divisions"> & { cpv_divisions: FacetCount[] };
