import { type BackoffPolicy, backoffDelayMs } from "@tender/backoff";
import type { BusLogger } from "@tender/bus";
import {
  claimTendersWithStalledDownloads,
  type Database,
  enqueueTenderChanged,
  scheduleNextDownloadSweep,
} from "@tender/db";
import type { Kysely } from "kysely";

/** When the downloader looks for stalled downloads, and how hard it insists. */
export interface StalledDownloadSweep {
  /** Pause between passes. */
  intervalMs: number;
  /**
   * A `pending` attachment untouched this long (and not waiting for its next try) is stalled.
   * Longer than the consumer's redeliveries (about a quarter of an hour), so an event still
   * being retried is rarely doubled; also the first pause before a tender is announced again.
   */
  staleAfterMs: number;
  /** Tenders announced per pass at most. */
  batchSize: number;
  /** Longest pause between two re-announcements of one tender. */
  maxBackoffMs: number;
}

export const DEFAULT_STALLED_DOWNLOAD_SWEEP: StalledDownloadSweep = Object.freeze({
  intervalMs: 60_000,
  staleAfterMs: 30 * 60_000,
  batchSize: 100,
  maxBackoffMs: 6 * 60 * 60_000,
});

export interface StalledDownloadSweepDeps {
  db: Kysely<Database>;
  logger: BusLogger;
  /** Subject of the re-announced `TenderChangedV1` events. */
  subject: string;
  sweep: StalledDownloadSweep;
}

/** The pauses between re-announcements of one tender: doubling from `staleAfterMs`, at most `maxBackoffMs`. */
export function stalledSweepBackoff(sweep: StalledDownloadSweep): BackoffPolicy {
  return { initialMs: sweep.staleAfterMs, maxMs: sweep.maxBackoffMs };
}

/**
 * One pass: in one transaction, claims up to `batchSize` tenders with stalled downloads (see
 * `claimTendersWithStalledDownloads`), writes a `TenderChangedV1` with the tender's current
 * content hash for each to the outbox and puts each in backoff. The downloader then fetches the
 * pending attachments; the indexer finds the hash it already has and does nothing. Several
 * downloaders may sweep at once: claimed tenders are skipped. Returns how many were announced.
 */
export async function sweepStalledDownloads(
  deps: StalledDownloadSweepDeps,
  now: Date = new Date(),
): Promise<number> {
  const { sweep } = deps;
  const announced = await deps.db.transaction().execute(async (trx) => {
    const tenders = await claimTendersWithStalledDownloads(trx, {
      staleBefore: new Date(now.getTime() - sweep.staleAfterMs),
      now,
      limit: sweep.batchSize,
    });
    for (const tender of tenders) {
      await enqueueTenderChanged(trx, {
        tenderId: tender.id,
        contentHash: tender.content_hash,
        subject: deps.subject,
        now,
      });
      const pause = backoffDelayMs(tender.download_sweep_attempts + 1, stalledSweepBackoff(sweep));
      await scheduleNextDownloadSweep(trx, tender.id, new Date(now.getTime() + pause));
    }
    return tenders.length;
  });
  if (announced > 0) deps.logger.info({ announced }, "Re-announced tenders with stalled downloads");
  return announced;
}
