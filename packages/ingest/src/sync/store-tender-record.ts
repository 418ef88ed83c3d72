import {
  type ContentHashInput,
  contentHash,
  type TenderRecordV1,
  toContentHashInput,
} from "@tender/contracts";
import {
  type AttachmentSyncCounts,
  type Db,
  enqueueTenderChanged,
  findReadyAttachmentFiles,
  findTenderProcedureKey,
  lockTenderByExternalId,
  type ReadyAttachmentFile,
  syncTenderAttachments,
  type TenderInsertPlace,
  type UpsertTenderOutcome,
  upsertTender,
} from "@tender/db";
import type { NoticeAwards } from "../awards/notice-awards.js";
import { storeNoticeAwards } from "../awards/store-notice-awards.js";
import type { TenderFacets } from "../mapping/facets/tender-facets.js";
import { linkTenderProcedure } from "../procedure/link-tender-procedure.js";
import { NoticeIdTakenError } from "../procedure/notice-id-taken-error.js";
import type { NoticeProcedure } from "../procedure/notice-procedure.js";

export interface StoreTenderRecordInput {
  sourceId: string;
  record: TenderRecordV1;
  /** Stored with the tender when its content changes (none: empty lists); never hashed. */
  facets?: TenderFacets;
  /** Its procedure as the source maps it (none: the tender keeps what is stored). */
  procedure?: NoticeProcedure;
  /** Its awards and buyer as the source maps them (none: what is stored stays). */
  awards?: NoticeAwards;
  /** Outbox subject of `TenderChangedV1` (`busNames(prefix).subject`). */
  subject: string;
  now?: Date;
  /** The caller links the procedure once the record is stored (`PendingLinks`, per ingest page). */
  linkLater?: boolean;
  /** Where a new tender stands in its procedure, written with its insert (`PendingLinks`). */
  insertPlace?: TenderInsertPlace;
}

export interface StoreTenderRecordResult {
  tenderId: string;
  outcome: UpsertTenderOutcome;
  contentHash: string;
  attachments: AttachmentSyncCounts;
  /** True when a `TenderChangedV1` was written to the outbox. */
  eventEnqueued: boolean;
}

/**
 * Stores one valid record in the caller's transaction: locks the tender row (when it exists) and
 * only then reads its downloaded attachments, so the content hash includes every committed
 * download and none can commit until this transaction ends; computes the hash with the digest,
 * filename and content type of `ready` attachments as the downloader stored them (so an
 * unchanged tender hashes as stored), upserts the tender (created / changed → `pending` /
 * unchanged), applies the attachment list (new → `pending`, gone → `skipped`, back, or `failed` with
 * its download backoff passed → `pending`), links its procedure (`linkTenderProcedure`: that
 * procedure's rows only), stores its awards and buyer organisation (`storeNoticeAwards`: only
 * what changed) and writes `TenderChangedV1` to the outbox when the tender is new or changed, or
 * attachments went back to `pending` (the downloader must see them). Throws `NoticeIdTakenError`,
 * before writing anything, when the source's ids are unique within a procedure only and the
 * stored tender of this `external_id` belongs to another procedure.
 *
 * Lock order: tender row, then its attachments, then the tender update, as in the downloader.
 */
export async function storeTenderRecord(
  db: Db,
  input: StoreTenderRecordInput,
): Promise<StoreTenderRecordResult> {
  const { record } = input;
  // A new tender has no downloads; concurrent syncs of one source serialize on the source row.
  const existingId = await lockTenderByExternalId(db, input.sourceId, record.external_id);
  if (existingId !== undefined && input.procedure?.idWithinProcedure) {
    const storedKey = await findTenderProcedureKey(db, existingId);
    if (storedKey !== null && storedKey !== input.procedure.key) {
      throw new NoticeIdTakenError(record.external_id, storedKey, input.procedure.key);
    }
  }
  const ready =
    existingId === undefined
      ? new Map<string, ReadyAttachmentFile>()
      : await findReadyAttachmentFiles(db, existingId);
  const hash = contentHash(withReadyFiles(toContentHashInput(record), ready));
  const { source: _source, attachments: _attachments, raw_payload, ...fields } = record;
  const upserted = await upsertTender(db, {
    ...fields,
    ...input.facets,
    sourceId: input.sourceId,
    contentHash: hash,
    rawPayload: raw_payload,
    ...(input.insertPlace ? { insertPlace: input.insertPlace } : {}),
  });
  const attachments = await syncTenderAttachments(db, upserted.id, record.attachments);
  if (input.procedure && !input.linkLater) {
    await linkTenderProcedure(db, {
      sourceId: input.sourceId,
      tenderId: upserted.id,
      procedure: input.procedure,
      force:
        upserted.outcome !== "unchanged" ||
        attachments.inserted + attachments.updated + attachments.requeued + attachments.skipped > 0,
    });
  }
  if (input.awards) await storeNoticeAwards(db, upserted.id, input.awards);
  const announce = upserted.outcome !== "unchanged" || attachments.requeued > 0 || attachments.inserted > 0;
  if (announce) {
    await enqueueTenderChanged(db, {
      tenderId: upserted.id,
      contentHash: hash,
      subject: input.subject,
      ...(input.now ? { now: input.now } : {}),
    });
  }
  return {
    tenderId: upserted.id,
    outcome: upserted.outcome,
    contentHash: hash,
    attachments,
    eventEnqueued: announce,
  };
}

/** A `ready` attachment hashes with what the download stored: its digest, filename and content type. */
function withReadyFiles(
  hashInput: ContentHashInput,
  ready: ReadonlyMap<string, ReadyAttachmentFile>,
): ContentHashInput {
  return {
    ...hashInput,
    attachments: hashInput.attachments.map((a) => {
      const file = ready.get(a.source_url);
      return file
        ? { ...a, filename: file.filename, content_type: file.content_type, sha256: file.sha256 }
        : a;
    }),
  };
}
