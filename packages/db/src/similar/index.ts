/** Similar awarded contracts: ranking, a tender's own fields, the summary. */

export * from "./competitors.repository.js";
export * from "./cpv-match-sql.js";
export * from "./decimal-cents.js";
export * from "./similar-awards.repository.js";
export * from "./similar-source.repository.js";
export * from "./summarise-similar-awards.js";
