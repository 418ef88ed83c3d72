import { TENDER_FILTER_KEYS, type TenderFilters } from "./tender-filters.js";
import { TenderListPaging } from "./tender-list-query.js";

/**
 * The query parameter of each list filter when browsing (docs/api.md#browsing): singular,
 * repeated for more values (`country=IT&country=FR` is `countries: ["IT", "FR"]`).
 */
export const LIST_FILTER_PARAMETERS = {
  sources: "source",
  countries: "country",
  cpv: "cpv",
  tender_ids: "tender_id",
  kinds: "kind",
} as const satisfies Partial<Record<keyof TenderFilters, string>>;

/** The query parameter a filter key is written as when browsing. */
export function browseParameterOf(key: keyof TenderFilters): string {
  return Object.hasOwn(LIST_FILTER_PARAMETERS, key)
    ? LIST_FILTER_PARAMETERS[key as keyof typeof LIST_FILTER_PARAMETERS]
    : key;
}

/**
 * Every query parameter of `GET /api/v1/facets` (the filters) or, with `paging`, of
 * `GET /api/v1/tenders` (the filters, then sort, limit, cursor and the contract-end range):
 * derived from `TenderFilters` and `TenderListPaging`, so a new field of either is a parameter.
 */
export function browseParameters(paging: boolean): string[] {
  const filters = TENDER_FILTER_KEYS.map(browseParameterOf);
  return paging ? [...filters, ...Object.keys(TenderListPaging.entries)] : filters;
}
