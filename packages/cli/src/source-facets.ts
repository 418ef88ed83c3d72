import type { TenderFacets } from "@tender/ingest";
import { CF_SOURCE_CODE, cfReleaseFacets } from "@tender/source-contracts-finder";
import { TED_SOURCE_CODE, tedNoticeFacets } from "@tender/source-ted";

/** How each source derives a tender's facets from its stored payload: the code its ingest service runs. */
export const FACETS_OF: Readonly<Record<string, (payload: unknown) => TenderFacets>> = {
  [TED_SOURCE_CODE]: tedNoticeFacets,
  [CF_SOURCE_CODE]: cfReleaseFacets,
};

/** The facet function of a source code, or undefined for a source without one. */
export function facetsOfSource(code: string): ((payload: unknown) => TenderFacets) | undefined {
  return Object.hasOwn(FACETS_OF, code) ? FACETS_OF[code] : undefined;
}
