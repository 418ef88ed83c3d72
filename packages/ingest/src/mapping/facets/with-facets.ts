import type { MapResult } from "../map-result.js";
import type { TenderFacets } from "./tender-facets.js";

/** A mapper's result with the facets of its payload; `facets` only runs for a valid record. */
export function withFacets(result: MapResult, facets: () => TenderFacets): MapResult {
  return result.ok ? { ...result, facets: facets() } : result;
}
