/** Most CPV codes kept per tender: a hostile payload cannot grow the row or its index without end. */
export const MAX_CPV_CODES = 1000;

/**
 * The procurement facets of a tender (docs/records.md#facets-per-source), derived from its payload and
 * stored beside it; never part of `TenderRecordV1` nor its content hash.
 */
export interface TenderFacets {
  /** ISO 3166-1 alpha-2 codes, sorted, unique. */
  countries: string[];
  /** 8-digit CPV codes without check digit, sorted, unique, at most `MAX_CPV_CODES`. */
  cpv_codes: string[];
}

/** Facets from the codes a mapper found: nulls dropped, each list sorted and de-duplicated. */
export function tenderFacets(
  countries: Iterable<string | null>,
  cpvCodes: Iterable<string | null>,
): TenderFacets {
  return {
    countries: sortedUnique(countries),
    cpv_codes: sortedUnique(cpvCodes).slice(0, MAX_CPV_CODES),
  };
}

function sortedUnique(values: Iterable<string | null>): string[] {
  const set = new Set<string>();
  for (const value of values) if (value !== null) set.add(value);
  return [...set].sort();
}
