import * as v from "valibot";
import { parseQuerySyntax, QUERY_MAX_TERMS } from "./query-syntax.js";

/** How Search, Ask and saved searches find fragments: the specification's vector scan (default) or hybrid (docs/api.md#hybrid-search). */
export const SearchMode = v.pipe(
  v.picklist(["vector", "hybrid"], 'Must be "vector" or "hybrid"'),
  v.metadata({
    description: "vector (default): the exact vector scan; hybrid: words, CPV vocabulary and vector, fused.",
  }),
);
export type SearchMode = v.InferOutput<typeof SearchMode>;

/** Message of a hybrid query with more than QUERY_MAX_TERMS terms. */
export const HYBRID_TERMS_MESSAGE = `Must have at most ${QUERY_MAX_TERMS} words, phrases and exclusions`;

/** A vector query counts no terms; a hybrid one holds at most QUERY_MAX_TERMS words, phrases and exclusions. */
export function withinHybridTermLimit(body: { query: string; mode?: SearchMode | undefined }): boolean {
  return body.mode !== "hybrid" || parseQuerySyntax(body.query).terms <= QUERY_MAX_TERMS;
}
