/** `sources.code` of the UK Contracts Finder OCDS Search API (decisions.md). */
export const CF_SOURCE_CODE = "contracts_finder";
