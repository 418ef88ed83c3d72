/** `sources.code` of the EU TED Search API (docs/records.md#tenderrecordv1). */
export const TED_SOURCE_CODE = "ted";
