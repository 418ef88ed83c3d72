/** `sources.code` of the UK Contracts Finder OCDS Search API (docs/records.md#tenderrecordv1). */
export const CF_SOURCE_CODE = "contracts_finder";
