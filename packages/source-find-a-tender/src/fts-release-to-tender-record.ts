import {
  type MapResult,
  type OcdsPackageMeta,
  type OcdsPublisher,
  ocdsReleaseToTenderRecord,
} from "@tender/ingest";
import { ftsNoticeUrl } from "./fts-notice-url.js";
import { FTS_SOURCE_CODE } from "./fts-source-code.js";

const FIND_A_TENDER: OcdsPublisher = {
  source: FTS_SOURCE_CODE,
  noticeUrl: ftsNoticeUrl,
  missingNoticeUrl: "no notice id (NNNNNN-YYYY) in id and no notice page among the release's documents",
  fallbackCountry: "GB",
};

/**
 * Maps one release of a Find a Tender release package to a `TenderRecordV1` (pure), with the
 * shared OCDS mapping. Find a Tender's own: the notice page comes from the release id.
 */
export function ftsReleaseToTenderRecord(release: unknown, packageMeta: OcdsPackageMeta = {}): MapResult {
  return ocdsReleaseToTenderRecord(release, packageMeta, FIND_A_TENDER);
}
