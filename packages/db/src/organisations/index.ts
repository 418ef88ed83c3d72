/** Organisations: identity, search, counts and details. */
export * from "./organisation-counts.repository.js";
export * from "./organisation-details.repository.js";
export { organisationRecentAwardsSql } from "./organisation-recent-awards.js";
export * from "./organisation-search.repository.js";
export * from "./organisations.repository.js";
export * from "./organisations.table.js";
