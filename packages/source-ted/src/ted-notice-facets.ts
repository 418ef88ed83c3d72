import { countryFromCode, cpvCode, type TenderFacets, tenderFacets } from "@tender/ingest";

/**
 * The facets of a TED v3 notice (docs/records.md#facets-per-source): `buyer-country` (alpha-3) and every
 * `place-of-performance` code (alpha-3 or NUTS) as alpha-2 countries; `classification-cpv` as
 * 8-digit CPV codes. Pure; reads the raw notice so `tender remap` can run it on `raw_payload`.
 * A field TED left out of the notice yields nothing, never a guess.
 */
export function tedNoticeFacets(notice: unknown): TenderFacets {
  const fields = (typeof notice === "object" && notice !== null ? notice : {}) as Record<string, unknown>;
  const codes = [...strings(fields["buyer-country"]), ...strings(fields["place-of-performance"])];
  return tenderFacets(codes.map(countryFromCode), asList(fields["classification-cpv"]).map(cpvCode));
}

function asList(value: unknown): unknown[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function strings(value: unknown): string[] {
  return asList(value).filter((item): item is string => typeof item === "string");
}
