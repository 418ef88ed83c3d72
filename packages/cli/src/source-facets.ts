import type { NoticeAwards, NoticeProcedure, TenderFacets } from "@tender/ingest";
import { sourceByCode } from "@tender/sources";

/** The facet function of a source code (the code its ingest service runs), or undefined for an unknown source. */
export function facetsOfSource(code: string): ((payload: unknown) => TenderFacets) | undefined {
  return sourceByCode(code)?.facets;
}

/** The procedure mapping of a source code, or undefined when the source maps none (or is unknown). */
export function procedureOfSource(code: string): ((payload: unknown) => NoticeProcedure | null) | undefined {
  return sourceByCode(code)?.procedure;
}

/** The award mapping of a source code, or undefined when its payload alone carries none (TED) or it is unknown. */
export function awardsOfSource(code: string): ((payload: unknown) => NoticeAwards) | undefined {
  return sourceByCode(code)?.awards;
}
