import {
  type MapResult,
  type OcdsPackageMeta,
  type OcdsPublisher,
  ocdsReleaseToTenderRecord,
} from "@tender/ingest";
import { cfNoticeUrl } from "./cf-notice-url.js";
import { CF_SOURCE_CODE } from "./cf-source-code.js";

const CONTRACTS_FINDER: OcdsPublisher = {
  source: CF_SOURCE_CODE,
  noticeUrl: cfNoticeUrl,
  missingNoticeUrl: "no notice page among the release's documents and no notice uuid (<uuid>-<n>) in id",
  fallbackCountry: "GB",
};

/**
 * Maps one OCDS release of a Contracts Finder search page to a `TenderRecordV1` (pure), with the
 * shared OCDS mapping. What is Contracts Finder's own: the notice page (`cfNoticeUrl`).
 */
export function cfReleaseToTenderRecord(release: unknown, packageMeta: OcdsPackageMeta = {}): MapResult {
  return ocdsReleaseToTenderRecord(release, packageMeta, CONTRACTS_FINDER);
}
