import { OCDS_FIRST_SYNC_LOOKBACK_MS, OCDS_RESYNC_OVERLAP_MS } from "@tender/ingest";
import { contractsFinderSource as cf } from "./cf-source.js";

export { cfNoticeUrl, contractsFinderSource } from "./cf-source.js";
// The definition's parts under the names tests and tools know.
export const CF_SOURCE_CODE = cf.code;
export const cfReleaseToTenderRecord = cf.mapRelease;
export const cfReleaseFacets = cf.facets;
export const cfFirstPageUrl = cf.firstPageUrl;
export const createCfAdapter = cf.adapter;
export const RESYNC_OVERLAP_MS = OCDS_RESYNC_OVERLAP_MS;
export const FIRST_SYNC_LOOKBACK_MS = OCDS_FIRST_SYNC_LOOKBACK_MS;
