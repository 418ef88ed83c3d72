/** Tenders as sources store them: upserts, sources and cursors, quarantine, content hashes. */
export * from "./ingest.repository.js";
export * from "./load-content-hash-input.js";
export * from "./quarantined-records.repository.js";
export * from "./quarantined-records.table.js";
export * from "./refresh-tender-content-hash.js";
export * from "./sources.repository.js";
export * from "./sources.table.js";
export * from "./tenders.repository.js";
export * from "./tenders.table.js";
export { toQuarantinePayload } from "./to-quarantine-payload.js";
