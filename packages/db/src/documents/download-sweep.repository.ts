import type { Db } from "../database.js";
import { claimDueForSweep, clearSweepBackoff, DOWNLOAD_SWEEP, scheduleNextSweep } from "./sweep-backoff.js";

/** A tender the downloader's sweeper announces again. */
export interface StalledDownloadTender {
  id: string;
  content_hash: string;
  /** Re-announcements so far, before this one. */
  download_sweep_attempts: number;
}

export interface ClaimStalledDownloadsOptions {
  /** `pending` attachments untouched since this time count as stalled. */
  staleBefore: Date;
  /**
   * Tenders whose `next_download_sweep_at` is later than this are left alone, and so are
   * attachments whose `next_download_at` is (they wait for their next try on purpose).
   */
  now: Date;
  limit: number;
}

/**
 * Locks up to `limit` tenders with a `pending` attachment left alone since `staleBefore` and due
 * for a download, least recently updated first, skipping tenders in the sweeper's backoff and
 * rows another sweeper (or a committing download) holds. Such an attachment has no event on the
 * way any more: its event was dead-lettered or lost. Run it in the transaction that enqueues the
 * events and calls `scheduleNextDownloadSweep`.
 */
export async function claimTendersWithStalledDownloads(
  db: Db,
  options: ClaimStalledDownloadsOptions,
): Promise<StalledDownloadTender[]> {
  const stalled = db
    .selectFrom("tenders")
    .select(["id", "content_hash", "download_sweep_attempts"])
    .where((eb) =>
      eb(
        "id",
        "in",
        eb
          .selectFrom("attachments")
          .select("attachments.tender_id")
          .where("attachments.download_status", "=", "pending")
          .where("attachments.updated_at", "<=", options.staleBefore)
          .where((a) =>
            a.or([
              a("attachments.next_download_at", "is", null),
              a("attachments.next_download_at", "<=", options.now),
            ]),
          ),
      ),
    );
  return claimDueForSweep(stalled, DOWNLOAD_SWEEP, options.now, options.limit).execute();
}

/** Counts a re-announcement and keeps the downloader's sweeper away from the tender until `nextAt`. */
export async function scheduleNextDownloadSweep(db: Db, tenderId: string, nextAt: Date): Promise<void> {
  await scheduleNextSweep(db, DOWNLOAD_SWEEP, tenderId, nextAt);
}

/** Forgets the downloader sweeper's backoff of a tender (its downloads were handled). Writes only when set. */
export async function clearDownloadSweepBackoff(db: Db, tenderId: string): Promise<void> {
  await clearSweepBackoff(db, DOWNLOAD_SWEEP, tenderId);
}
