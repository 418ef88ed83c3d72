import { sql } from "kysely";
import type { Db } from "../database.js";
import type { AttachmentRow, DownloadStatus } from "./attachments.table.js";

/** One attachment as the upstream metadata lists it (`AttachmentRecordV1`). */
export interface AttachmentInput {
  external_id: string | null;
  title: string | null;
  filename: string;
  source_url: string;
  content_type: string | null;
}

/** What `syncTenderAttachments` did, one count per row of the tender. */
export interface AttachmentSyncCounts {
  /** New URLs, registered as `pending`. */
  inserted: number;
  /** Listed again with changed metadata; status kept (`pending` or `ready`). */
  updated: number;
  /** Listed again while `skipped`, or `failed` with its backoff passed: back to `pending`. */
  requeued: number;
  /** Listed again, nothing to change. */
  unchanged: number;
  /** No longer listed: moved to `skipped`. */
  skipped: number;
}

export interface DownloadedFile {
  localPath: string;
  sizeBytes: number;
  sha256: string;
  /** The downloader's claim (`claimDownload`): the row is only written while it holds it. */
  claimToken?: string;
}

/** Longest `last_error` kept; a diagnostic, not a log. */
const MAX_ERROR_LENGTH = 4000;

/**
 * Applies the upstream attachment list of a (re-)crawled tender (docs/records.md#states): a new URL is inserted
 * `pending`; a listed URL gets its metadata updated, and a `skipped` one, or a `failed` one whose
 * download backoff has passed (`next_download_at`), goes back to `pending` without a file (its digest and size cleared; `local_path` still names the old object
 * so the download that replaces it can delete it); a URL no longer listed becomes `skipped`
 * (`ready` ones too, keeping their file columns). On a `ready` row the filename and content type the download stored win
 * over the upstream ones (only its title and external id follow upstream), so a re-crawl agrees
 * with the hash the downloader computed. A URL listed twice counts once (the first item wins).
 * Rows that change nothing are not written. Call it inside a transaction: the tender row is
 * locked first, so concurrent syncs of one tender wait for each other and the counts stay exact.
 */
export async function syncTenderAttachments(
  db: Db,
  tenderId: string,
  attachments: readonly AttachmentInput[],
): Promise<AttachmentSyncCounts> {
  const listed = new Map<string, AttachmentInput>();
  for (const a of attachments) if (!listed.has(a.source_url)) listed.set(a.source_url, a);
  // A fixed order, so concurrent inserts of overlapping lists take their locks in the same order.
  const urls = [...listed.keys()].sort();

  // The tender row is the one lock every writer of its attachments takes first (the downloader
  // and the ingest do too), so concurrent syncs of one tender queue instead of deadlocking on
  // attachment rows locked in different orders.
  await db.selectFrom("tenders").select("id").where("id", "=", tenderId).forUpdate().execute();
  const before = await db
    .selectFrom("attachments")
    .select(["source_url", "download_status"])
    .where("tender_id", "=", tenderId)
    .orderBy("source_url")
    .forUpdate()
    .execute();
  const previous = new Map(before.map((r) => [r.source_url, r.download_status]));
  const counts: AttachmentSyncCounts = { inserted: 0, updated: 0, requeued: 0, unchanged: 0, skipped: 0 };

  if (urls.length > 0) {
    // A failed download is retried on the downloader's backoff (`next_download_at`, the
    // database's clock), not on every crawl: requeueing it earlier only announces the tender
    // again for a download the downloader would put back to `failed` at once.
    const requeue = sql<boolean>`(attachments.download_status = 'skipped'
      OR (attachments.download_status = 'failed'
        AND (attachments.next_download_at IS NULL OR attachments.next_download_at <= now())))`;
    const ready = sql<boolean>`attachments.download_status = 'ready'`;
    const written = await db
      .insertInto("attachments")
      .values(
        urls
          .map((url) => listed.get(url) as AttachmentInput)
          .map((a) => ({
            tender_id: tenderId,
            external_id: a.external_id,
            title: a.title,
            filename: a.filename,
            source_url: a.source_url,
            content_type: a.content_type,
          })),
      )
      .onConflict((oc) =>
        oc
          // The unique index attachments_tender_url_key (migration 0007).
          .expression(sql`tender_id, md5(source_url)`)
          .doUpdateSet((eb) => ({
            external_id: eb.ref("excluded.external_id"),
            title: eb.ref("excluded.title"),
            filename: sql<string>`CASE WHEN ${ready} THEN attachments.filename ELSE excluded.filename END`,
            content_type: sql<
              string | null
            >`CASE WHEN ${ready} THEN attachments.content_type ELSE excluded.content_type END`,
            download_status: sql<DownloadStatus>`CASE WHEN ${requeue} THEN 'pending' ELSE attachments.download_status END`,
            // A requeued attachment has no file until it is downloaded again; `local_path` keeps
            // naming the old object, which the downloader deletes once a new one replaced it.
            sha256: sql<string | null>`CASE WHEN ${requeue} THEN NULL ELSE attachments.sha256 END`,
            size_bytes: sql<number | null>`CASE WHEN ${requeue} THEN NULL ELSE attachments.size_bytes END`,
            updated_at: sql<Date>`now()`,
          }))
          .where(
            sql<boolean>`${requeue}
              OR (attachments.external_id, attachments.title) IS DISTINCT FROM (excluded.external_id, excluded.title)
              OR (NOT ${ready} AND (attachments.filename, attachments.content_type)
                IS DISTINCT FROM (excluded.filename, excluded.content_type))`,
          ),
      )
      // xmax is 0 only for a freshly inserted row version.
      .returning(["source_url", "download_status", sql<boolean>`xmax = 0`.as("inserted")])
      .execute();
    for (const row of written) {
      const was = previous.get(row.source_url);
      if (row.inserted) counts.inserted++;
      else if ((was === "skipped" || was === "failed") && row.download_status === "pending")
        counts.requeued++;
      else counts.updated++;
    }
    counts.unchanged = urls.length - written.length;
  }

  let gone = db
    .updateTable("attachments")
    .set({ download_status: "skipped", updated_at: sql<Date>`now()` })
    .where("tender_id", "=", tenderId)
    .where("download_status", "<>", "skipped");
  if (urls.length > 0) gone = gone.where("source_url", "not in", urls);
  counts.skipped = Number((await gone.executeTakeFirst()).numUpdatedRows);
  return counts;
}

/** Every attachment of the tender, skipped ones included, ordered by source URL. */
export async function listAttachmentsForTender(db: Db, tenderId: string): Promise<AttachmentRow[]> {
  return db
    .selectFrom("attachments")
    .selectAll()
    .where("tender_id", "=", tenderId)
    .orderBy("source_url")
    .execute();
}

/** The tender's attachments waiting for a download, ordered by source URL. */
export async function listPendingAttachments(db: Db, tenderId: string): Promise<AttachmentRow[]> {
  return db
    .selectFrom("attachments")
    .selectAll()
    .where("tender_id", "=", tenderId)
    .where("download_status", "=", "pending")
    .orderBy("source_url")
    .execute();
}

/**
 * The storage key the attachment's row names (a `ready` file, or the superseded one of a
 * requeued attachment), undefined when none. Inside the transaction that replaces it, after
 * the tender row lock.
 */
export async function findAttachmentLocalPath(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom("attachments").select("local_path").where("id", "=", id).executeTakeFirst();
  return row?.local_path ?? undefined;
}

/**
 * Records a finished download and moves a `pending` or `failed` attachment to `ready`, releasing
 * the claim. With `claimToken`, only while that claim is still the attachment's (an expired one
 * taken over by another downloader is refused). Returns whether it applied: false when the
 * attachment is gone, was `skipped` meanwhile (the file is then not needed), or the claim was lost.
 */
export async function markAttachmentReady(db: Db, id: string, file: DownloadedFile): Promise<boolean> {
  let query = db
    .updateTable("attachments")
    .set({
      download_status: "ready",
      local_path: file.localPath,
      size_bytes: file.sizeBytes,
      sha256: file.sha256,
      last_error: null,
      claim_token: null,
      claim_expires_at: null,
      updated_at: sql<Date>`now()`,
    })
    .where("id", "=", id)
    .where("download_status", "in", ["pending", "failed"]);
  if (file.claimToken !== undefined) query = query.where("claim_token", "=", file.claimToken);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Sends a `ready` attachment back to `pending` without its file, keeping `error` (cut to 4000
 * characters): its stored bytes turned out wrong (they do not match the recorded digest), so it is
 * downloaded again. `local_path` keeps naming the wrong object: the download that replaces it
 * deletes it after its commit, so no object is ever left without a row pointing at it. Lock the tender row first and recompute the content hash in the same
 * transaction. Returns whether it applied.
 */
export async function requeueDownload(db: Db, id: string, error: string): Promise<boolean> {
  const result = await db
    .updateTable("attachments")
    .set({
      download_status: "pending",
      size_bytes: null,
      sha256: null,
      last_error: error.slice(0, MAX_ERROR_LENGTH),
      updated_at: sql<Date>`now()`,
    })
    .where("id", "=", id)
    .where("download_status", "=", "ready")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Moves a `pending` (or again a `failed`) attachment to `failed`, keeping the error (cut to 4000
 * characters) for the rerun. Returns whether it applied.
 */
export async function markAttachmentFailed(db: Db, id: string, error: string): Promise<boolean> {
  const result = await db
    .updateTable("attachments")
    .set({
      download_status: "failed",
      last_error: error.slice(0, MAX_ERROR_LENGTH),
      updated_at: sql<Date>`now()`,
    })
    .where("id", "=", id)
    .where("download_status", "in", ["pending", "failed"])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Number of attachments per download status; every status is present, zero when none. */
export async function countAttachmentsByDownloadStatus(db: Db): Promise<Record<DownloadStatus, number>> {
  const rows = await db
    .selectFrom("attachments")
    .select(["download_status", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy("download_status")
    .execute();
  const counts = { pending: 0, failed: 0, ready: 0, skipped: 0 };
  for (const row of rows) counts[row.download_status] = row.count;
  return counts;
}
