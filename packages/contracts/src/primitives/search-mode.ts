import * as v from "valibot";

/** How Search, Ask and saved searches find fragments: the specification's vector scan (default) or hybrid (docs/api.md#hybrid-search). */
export const SearchMode = v.pipe(
  v.picklist(["vector", "hybrid"], 'Must be "vector" or "hybrid"'),
  v.metadata({
    description: "vector (default): the exact vector scan; hybrid: words, CPV vocabulary and vector, fused.",
  }),
);
export type SearchMode = v.InferOutput<typeof SearchMode>;
