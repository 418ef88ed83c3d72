export { createTedSource } from "./create-ted-source.js";
export { eformsNoticeAwards } from "./eforms-notice-awards.js";
export {
  fetchTedNoticeAwards,
  TED_XML_HOSTS,
  TED_XML_MAX_BYTES,
  type TedAwardsFetch,
} from "./fetch-ted-notice-awards.js";
export { createTedAdapter, type TedAdapterOptions } from "./ted-adapter.js";
export { readTedAdapterState, TedAdapterState, tedAdapterState } from "./ted-adapter-state.js";
export { TED_DOCUMENT_HOSTS } from "./ted-document-hosts.js";
export { parseTedFields, REQUIRED_TED_FIELDS, tedFields } from "./ted-fields.js";
export { pickLanguage } from "./ted-language.js";
export { TedNotice, TedSearchPage } from "./ted-notice.js";
export { tedNoticeBuyer } from "./ted-notice-buyer.js";
export { tedNoticeFacets } from "./ted-notice-facets.js";
export { tedNoticeFormKind, tedNoticeProcedure } from "./ted-notice-procedure.js";
export { tedNoticeToTenderRecord } from "./ted-notice-to-tender-record.js";
export {
  DEFAULT_TED_LOOKBACK_DAYS,
  hasPublicationDateClause,
  TED_RESYNC_OVERLAP_DAYS,
  tedPassQuery,
  tedPublishedFrom,
  tedWindowStart,
} from "./ted-query.js";
export {
  DEFAULT_TED_FIELDS,
  DEFAULT_TED_QUERY,
  type TedSearchOptions,
  tedSearchBody,
} from "./ted-search-body.js";
export { tedSource } from "./ted-source.js";
export { TED_SOURCE_CODE } from "./ted-source-code.js";
export { TedSourceEnv, TedSyncEnv } from "./ted-source-env.js";
