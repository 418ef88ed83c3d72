/** Saved searches, their matches and follow-ups, webhook deliveries and the webhook secret. */
export * from "./alerting-saved-search-sql.js";
export * from "./listed-match.js";
export * from "./record-tender-matches.js";
export * from "./saved-filter-sql.js";
export * from "./saved-search-matches.repository.js";
export * from "./saved-search-matches.table.js";
export * from "./saved-searches.repository.js";
export * from "./saved-searches.table.js";
export * from "./undelivered-webhooks.repository.js";
export * from "./webhook-deliveries.repository.js";
export * from "./webhook-deliveries.table.js";
export * from "./webhook-secret.js";
