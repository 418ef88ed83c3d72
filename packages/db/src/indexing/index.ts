/** Chunks and the indexing claims. */
export * from "./chunks.repository.js";
export * from "./chunks.table.js";
export * from "./indexing.repository.js";
