export { createFtsSource } from "./create-fts-source.js";
export { createFtsAdapter, type FtsAdapterOptions } from "./fts-adapter.js";
export { FTS_DOCUMENT_HOSTS } from "./fts-document-hosts.js";
export { FTS_NOTICE_BASE, ftsNoticeUrl } from "./fts-notice-url.js";
export {
  FTS_FIRST_SYNC_LOOKBACK_MS,
  FTS_RESYNC_OVERLAP_MS,
  type FtsPackagesOptions,
  ftsFirstPageUrl,
} from "./fts-packages-url.js";
export { ftsReleaseFacets } from "./fts-release-facets.js";
export { ftsReleaseToTenderRecord } from "./fts-release-to-tender-record.js";
export { findATenderSource } from "./fts-source.js";
export { FTS_SOURCE_CODE } from "./fts-source-code.js";
export { FtsSourceEnv } from "./fts-source-env.js";
