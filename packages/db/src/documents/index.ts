/** Attachments: downloads, sweeps and the extraction cache. */
export * from "./attachments.repository.js";
export * from "./attachments.table.js";
export * from "./download-sweep.repository.js";
export * from "./downloads.repository.js";
export * from "./extraction-cache.repository.js";
export * from "./extraction-cache.table.js";
export * from "./extraction-failures.table.js";
