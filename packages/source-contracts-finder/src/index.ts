export { type CfAdapterOptions, createCfAdapter } from "./cf-adapter.js";
export { CF_DOCUMENT_HOSTS } from "./cf-document-hosts.js";
export { cfReleaseFacets } from "./cf-release-facets.js";
export { cfReleaseToTenderRecord } from "./cf-release-to-tender-record.js";
export {
  type CfSearchOptions,
  cfFirstPageUrl,
  FIRST_SYNC_LOOKBACK_MS,
  RESYNC_OVERLAP_MS,
} from "./cf-search-url.js";
export { contractsFinderSource } from "./cf-source.js";
export { CF_SOURCE_CODE } from "./cf-source-code.js";
export { CfSourceEnv, CfSyncEnv } from "./cf-source-env.js";
export { CF_FORBIDDEN_COOLDOWN_MS, createCfSource } from "./create-cf-source.js";
