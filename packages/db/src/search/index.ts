/** The exact vector scan of Search and Ask. */
export { compactQuery } from "./compact-query.js";
export * from "./search.repository.js";
export type { ChunkMatch } from "./search-results.js";
export * from "./search-settings.js";
