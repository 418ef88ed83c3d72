/** `sources.code` of the UK Find a Tender service. */
export const FTS_SOURCE_CODE = "find_a_tender";
