/** The exact vector scan of Search and Ask. */
export { compactQuery } from "./compact-query.js";
export { FUSION_METHODS, type FusionMethod } from "./fuse-rankings.js";
export * from "./hybrid-search.repository.js";
export { LEXICAL_CONFIGS, lexicalConfigOf } from "./lexical-config.js";
export * from "./search.repository.js";
export type { ChunkMatch } from "./search-results.js";
export * from "./search-settings.js";
