/** API keys, the rate limit and the cursor secret. */
export * from "./api-keys.repository.js";
export * from "./api-keys.table.js";
export * from "./cursor-secret.repository.js";
export * from "./rate-limit.repository.js";
