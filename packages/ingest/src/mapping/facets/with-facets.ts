import type { NoticeAwards } from "../../awards/notice-awards.js";
import type { NoticeProcedure } from "../../procedure/notice-procedure.js";
import type { MapResult } from "../map-result.js";
import type { TenderFacets } from "./tender-facets.js";

/** A mapper's result with the facets of its payload; `facets` only runs for a valid record. */
export function withFacets(result: MapResult, facets: () => TenderFacets): MapResult {
  return result.ok ? { ...result, facets: facets() } : result;
}

/** A mapper's result with the procedure of its payload (when it maps one); only for a valid record. */
export function withProcedure(result: MapResult, procedure: () => NoticeProcedure | null): MapResult {
  if (!result.ok) return result;
  const mapped = procedure();
  return mapped === null ? result : { ...result, procedure: mapped };
}

/** A mapper's result with the awards and buyer of its payload; `awards` only runs for a valid record. */
export function withAwards(result: MapResult, awards: () => NoticeAwards): MapResult {
  return result.ok ? { ...result, awards: awards() } : result;
}
