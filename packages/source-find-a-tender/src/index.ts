import { OCDS_FIRST_SYNC_LOOKBACK_MS, OCDS_RESYNC_OVERLAP_MS } from "@tender/ingest";
import { findATenderSource as fts } from "./fts-source.js";

export { FTS_NOTICE_BASE, findATenderSource, ftsNoticeUrl } from "./fts-source.js";
// The definition's parts under the names tests and tools know.
export const FTS_SOURCE_CODE = fts.code;
export const ftsReleaseToTenderRecord = fts.mapRelease;
export const ftsReleaseFacets = fts.facets;
export const ftsFirstPageUrl = fts.firstPageUrl;
export const createFtsAdapter = fts.adapter;
export const FTS_RESYNC_OVERLAP_MS = OCDS_RESYNC_OVERLAP_MS;
export const FTS_FIRST_SYNC_LOOKBACK_MS = OCDS_FIRST_SYNC_LOOKBACK_MS;
