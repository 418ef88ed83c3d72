import {
  type MapResult,
  type OcdsPackageMeta,
  type OcdsPublisher,
  ocdsNoticeUrl,
  ocdsReleaseToTenderRecord,
} from "@tender/ingest";
import { CF_SOURCE_CODE } from "./cf-source-code.js";

const CONTRACTS_FINDER: OcdsPublisher = {
  source: CF_SOURCE_CODE,
  noticeUrl: (release) => ocdsNoticeUrl(release.tender?.documents ?? []),
  missingNoticeUrl: 'no tender.documents item with documentType "tenderNotice" and format text/html',
  fallbackCountry: "GB",
};

/**
 * Maps one OCDS release of a Contracts Finder search page to a `TenderRecordV1` (pure), with the
 * shared OCDS mapping. What is Contracts Finder's own: the notice page is the `tenderNotice`
 * document that is a web page.
 */
export function cfReleaseToTenderRecord(release: unknown, packageMeta: OcdsPackageMeta = {}): MapResult {
  return ocdsReleaseToTenderRecord(release, packageMeta, CONTRACTS_FINDER);
}
