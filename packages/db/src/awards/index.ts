/** Awards of notices and their status. */
export * from "./award-status.repository.js";
export * from "./award-summaries.repository.js";
export * from "./awards.repository.js";
