// Date and country readers live in @tender/contracts (the parsers below this package use them);
// sources keep importing them from here.
export { combineDateAndTime, countryFromCode, countryFromName, parseSourceDate } from "@tender/contracts";
export { boundNoticeAwards } from "./awards/bound-notice-awards.js";
export { buyerOnly, type NoticeAward, type NoticeAwards, type NoticeParty } from "./awards/notice-awards.js";
export { organisationMentions, partyMention } from "./awards/organisation-mentions.js";
export { storeNoticeAwards } from "./awards/store-notice-awards.js";
export { upsertPageOrganisations } from "./awards/upsert-page-organisations.js";
export { allowedHostsFor } from "./http/allowed-hosts-for.js";
export { createSyncHttpClient } from "./http/create-sync-http-client.js";
export * from "./http/http-errors.js";
export { parseJsonLenient } from "./http/parse-json-lenient.js";
export {
  createPoliteHttpClient,
  type JsonRequest,
  type PoliteHttpClient,
  type PoliteHttpClientOptions,
  type TextRequest,
} from "./http/polite-http-client.js";
export { BusPrefixEnv, IngestServiceEnv, IngestWorkerEnv, SyncHttpEnv } from "./ingest-env.js";
export { cleanLine, cleanText, distinctLines } from "./mapping/clean-text.js";
export { sumDecimalTexts, toDecimalText } from "./mapping/decimal-text.js";
export { cpvCode } from "./mapping/facets/cpv-code.js";
export { MAX_CPV_CODES, type TenderFacets, tenderFacets } from "./mapping/facets/tender-facets.js";
export { withAwards, withFacets, withProcedure } from "./mapping/facets/with-facets.js";
export type { MapResult } from "./mapping/map-result.js";
export { mappedRecord } from "./mapping/mapped-record.js";
export { parseSourcePayload, type SourcePayloadNames } from "./mapping/parse-source-payload.js";
export { describeRecordIssues, validateTenderRecord } from "./mapping/validate-tender-record.js";
export {
  defineOcdsSource,
  type OcdsAdapterOptions,
  type OcdsSource,
  type OcdsSourceConfig,
  type OcdsSourceOptions,
} from "./ocds/define-ocds-source.js";
export { type OcdsAmount, ocdsAmount } from "./ocds/ocds-amount.js";
export { extensionOf, ocdsDocumentFilename } from "./ocds/ocds-document-filename.js";
export { ocdsAttachments, ocdsNoticeUrl, ocdsReleaseNoticeUrl } from "./ocds/ocds-documents.js";
export {
  OCDS_FIRST_SYNC_LOOKBACK_MS,
  OCDS_RESYNC_OVERLAP_MS,
  type OcdsDateWindow,
  type OcdsFirstPageOptions,
  ocdsFirstPageUrl,
} from "./ocds/ocds-first-page-url.js";
export { createOcdsPackageAdapter, type OcdsPackageAdapterOptions } from "./ocds/ocds-package-adapter.js";
export {
  ocdsOtherPortalNotice,
  ocdsOwnNoticeKeys,
  type PortalNotice,
  parsePortalReference,
  portalNoticeKey,
  type UkPortal,
} from "./ocds/ocds-portal-notice.js";
export {
  OcdsDocument,
  OcdsPackageMeta,
  OcdsRelease,
  OcdsReleasePackage,
  OcdsValue,
} from "./ocds/ocds-release.js";
export { ocdsReleaseAwards } from "./ocds/ocds-release-awards.js";
export { ocdsReleaseFacets } from "./ocds/ocds-release-facets.js";
export { ocdsReleaseProcedure } from "./ocds/ocds-release-procedure.js";
export { ocdsReleaseTags } from "./ocds/ocds-release-tags.js";
export { type OcdsPublisher, ocdsReleaseToTenderRecord } from "./ocds/ocds-release-to-tender-record.js";
export {
  linkProcedureNotices,
  type NoticeLink,
  noticeChanges,
  type ProcedureNotice,
} from "./procedure/link-procedure-notices.js";
export { linkTenderProcedure, relinkProcedure } from "./procedure/link-tender-procedure.js";
export {
  type LinkedTenders,
  type LinkTenderProcedureInput,
  linkTenderProcedures,
} from "./procedure/link-tender-procedures.js";
export { noticeBuyerKeys } from "./procedure/notice-buyer-keys.js";
export { NoticeIdTakenError } from "./procedure/notice-id-taken-error.js";
export { noticeKey } from "./procedure/notice-key.js";
export type { NoticeProcedure, PortalLinks } from "./procedure/notice-procedure.js";
export { defineSource, type SourceDefinition, type SourceEnvSchema } from "./source/source-definition.js";
export { type CommitPageInput, CursorMovedError, commitPage, type MappedItem } from "./sync/commit-page.js";
export {
  type ImportReport,
  type ImportTenderRecordsOptions,
  importTenderRecords,
  type RejectedLine,
} from "./sync/import-tender-records.js";
export type { IngestLogger } from "./sync/ingest-logger.js";
export { mapPageItems } from "./sync/map-page-items.js";
export { readJsonLines } from "./sync/read-json-lines.js";
export { type RunSyncLoopOptions, runSyncLoop } from "./sync/run-sync-loop.js";
export {
  type RunSyncPassOptions,
  runSyncPass,
  type SyncReport,
  type SyncStop,
} from "./sync/run-sync-pass.js";
export {
  CursorRejectedError,
  type FetchPageRequest,
  type SourceAdapter,
  type SourcePage,
} from "./sync/source-adapter.js";
export {
  type StoreTenderRecordInput,
  type StoreTenderRecordResult,
  storeTenderRecord,
} from "./sync/store-tender-record.js";
export { addCounts, countStored, emptyCounts, type SyncCounts } from "./sync/sync-counts.js";
export { type IngestServiceOptions, runIngestService } from "./worker/run-ingest-service.js";
export { type IngestWorkerDeps, runIngestWorker } from "./worker/run-ingest-worker.js";
