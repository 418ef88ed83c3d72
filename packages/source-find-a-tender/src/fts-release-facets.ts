import { ocdsReleaseFacets, type TenderFacets } from "@tender/ingest";

/** The facets of a Find a Tender release: the shared OCDS facets, `GB` when no address names a country. */
export function ftsReleaseFacets(release: unknown): TenderFacets {
  return ocdsReleaseFacets(release, "GB");
}
