/** `sources.code` of the EU TED Search API (decisions.md). */
export const TED_SOURCE_CODE = "ted";
