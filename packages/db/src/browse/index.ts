/** Browsing, facets, the tender filter and the tender card. */
export * from "./find-tender-card.js";
export * from "./tender-browse.repository.js";
export * from "./tender-facet-counts.repository.js";
export * from "./tender-facets.repository.js";
export * from "./tender-filter-sql.js";
export { tenderPageSql } from "./tender-page-sql.js";
export * from "./tender-summary-sql.js";
