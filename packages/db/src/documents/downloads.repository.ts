import { sql } from "kysely";
import type { Db } from "../database.js";
import { backoffDelayMsSql, type SqlBackoff } from "../sql/backoff-delay-ms-sql.js";

/** The attachment metadata a download response can improve. */
export interface AttachmentFileInfo {
  filename: string;
  contentType: string | null;
}

/** Code of the tender's source (`ted`, `contracts_finder`, ...), or undefined when the tender is gone. */
export async function findTenderSourceCode(db: Db, tenderId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("tenders")
    .innerJoin("sources", "sources.id", "tenders.source_id")
    .select("sources.code")
    .where("tenders.id", "=", tenderId)
    .executeTakeFirst();
  return row?.code;
}

/**
 * Locks the tender row until the transaction ends. Take it before changing an attachment and
 * recomputing the content hash, so two downloads of one tender never compute the hash from each
 * other's uncommitted state (the later one waits and then sees the earlier one's file).
 * Returns false when the tender does not exist.
 */
export async function lockTenderRow(db: Db, tenderId: string): Promise<boolean> {
  const row = await db
    .selectFrom("tenders")
    .select("id")
    .where("id", "=", tenderId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Stores the filename and content type learned from a download response, when they differ.
 * Both are part of the content hash: recompute it in the same transaction. Returns whether it changed.
 */
export async function updateAttachmentFileInfo(
  db: Db,
  id: string,
  info: AttachmentFileInfo,
): Promise<boolean> {
  const result = await db
    .updateTable("attachments")
    .set({ filename: info.filename, content_type: info.contentType, updated_at: sql<Date>`now()` })
    .where("id", "=", id)
    .where(
      sql<boolean>`(filename, content_type) IS DISTINCT FROM (${info.filename}::text, ${info.contentType}::text)`,
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** How long an attachment whose download failed is left alone: `firstMs`, doubling per failure, at most `maxMs`. */
export type DownloadBackoff = SqlBackoff;

/** A `pending` attachment put back to `failed` because it failed recently. */
export interface DeferredDownload {
  id: string;
  download_failures: number;
  next_download_at: Date;
}

/** Longest `last_error` kept, as `markAttachmentFailed` keeps it. */
const MAX_ERROR_LENGTH = 4000;

/**
 * Records a failed download: a `pending` (or again a `failed`) attachment becomes `failed` with
 * the error (cut to 4000 characters), counts one more consecutive failure, and gets no new try
 * before now + `firstMs` × 2^(failures − 1), at most `maxMs` (the database's clock, which
 * `deferBackedOffDownloads` compares with). The claim is released; with `claimToken`, it applies
 * only while that claim is still the attachment's. Returns whether it applied.
 */
export async function recordDownloadFailure(
  db: Db,
  id: string,
  error: string,
  backoff: DownloadBackoff,
  claimToken?: string,
): Promise<boolean> {
  // In SET, `download_failures` is the value before this failure: 0 for the first one.
  const pauseMs = backoffDelayMsSql(sql<number>`attachments.download_failures + 1`, backoff);
  let query = db
    .updateTable("attachments")
    .set({
      download_status: "failed",
      last_error: error.slice(0, MAX_ERROR_LENGTH),
      download_failures: sql<number>`attachments.download_failures + 1`,
      next_download_at: sql<Date>`now() + ${pauseMs} * interval '1 millisecond'`,
      claim_token: null,
      claim_expires_at: null,
      updated_at: sql<Date>`now()`,
    })
    .where("id", "=", id)
    .where("download_status", "in", ["pending", "failed"]);
  if (claimToken !== undefined) query = query.where("claim_token", "=", claimToken);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A claim taken (`token`), one held by another downloader until `heldUntil`, or nothing to claim. */
export type DownloadClaim = { token: string } | { heldUntil: Date } | undefined;

/**
 * Claims a `pending` attachment for one download, for `leaseMs` (the database's clock): returns a
 * new random token, the expiry of another downloader's unexpired claim, or undefined when the
 * attachment is no longer `pending`. Take it before the fetch; `markAttachmentReady` and
 * `recordDownloadFailure` with the token apply only while the claim is still this one.
 */
export async function claimDownload(db: Db, id: string, leaseMs: number): Promise<DownloadClaim> {
  const row = await db
    .updateTable("attachments")
    .set({
      claim_token: sql<string>`gen_random_uuid()`,
      claim_expires_at: sql<Date>`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where("id", "=", id)
    .where("download_status", "=", "pending")
    .where((eb) =>
      eb.or([eb("claim_expires_at", "is", null), eb("claim_expires_at", "<=", sql<Date>`now()`)]),
    )
    .returning("claim_token")
    .executeTakeFirst();
  if (row?.claim_token) return { token: row.claim_token };
  const held = await db
    .selectFrom("attachments")
    .select("claim_expires_at")
    .where("id", "=", id)
    .where("download_status", "=", "pending")
    .executeTakeFirst();
  return held?.claim_expires_at ? { heldUntil: held.claim_expires_at } : undefined;
}

/** Gives a claim up (the download was interrupted), so the next event need not wait for its expiry. */
export async function releaseDownloadClaim(db: Db, id: string, claimToken: string): Promise<void> {
  await db
    .updateTable("attachments")
    .set({ claim_token: null, claim_expires_at: null })
    .where("id", "=", id)
    .where("claim_token", "=", claimToken)
    .execute();
}

/** Forgets an attachment's failed downloads; run it in the transaction that records its file. */
export async function clearDownloadBackoff(db: Db, id: string): Promise<void> {
  await db
    .updateTable("attachments")
    .set({ download_failures: 0, next_download_at: null })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("download_failures", "<>", 0), eb("next_download_at", "is not", null)]))
    .execute();
}

/**
 * Puts the tender's `pending` attachments whose `next_download_at` is still ahead (by the
 * database's clock) back to `failed`, keeping their error: a re-crawl requeues a failed
 * attachment only once its backoff has passed, but a `pending` row can still meet an earlier
 * schedule (an event already on its way), and one that failed recently waits for its next try
 * instead of being fetched again. Take the tender row lock first (`lockTenderRow`), as every
 * writer of a tender's attachments does. Returns the deferred attachments.
 */
export async function deferBackedOffDownloads(db: Db, tenderId: string): Promise<DeferredDownload[]> {
  const rows = await db
    .updateTable("attachments")
    .set({ download_status: "failed", updated_at: sql<Date>`now()` })
    .where("tender_id", "=", tenderId)
    .where("download_status", "=", "pending")
    .where("next_download_at", ">", sql<Date>`now()`)
    .returning(["id", "download_failures", "next_download_at"])
    .execute();
  return rows.map((row) => ({ ...row, next_download_at: row.next_download_at as Date }));
}
