import { ocdsReleaseFacets, type TenderFacets } from "@tender/ingest";

/**
 * The facets of a Contracts Finder release: the shared OCDS facets (`GB` when no address names a
 * country, as Contracts Finder publishes UK notices only).
 */
export function cfReleaseFacets(release: unknown): TenderFacets {
  return ocdsReleaseFacets(release, "GB");
}
