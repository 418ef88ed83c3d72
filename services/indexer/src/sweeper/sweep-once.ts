import { backoffDelayMs } from "@tender/backoff";
import type { BusLogger } from "@tender/bus";
import {
  claimTendersToReannounce,
  type Database,
  deleteUnusedExtractions,
  enqueueTenderChanged,
  fillCompactEmbeddings,
  scheduleNextIndexAttempt,
} from "@tender/db";
import type { Kysely } from "kysely";

export interface SweepOptions {
  db: Kysely<Database>;
  logger: BusLogger;
  /** The configured embedding model; ready tenders with chunks of another one are rebuilt. */
  embeddingModel: string;
  /** Subject of the re-announced `TenderChangedV1` events. */
  subject: string;
  /** SWEEP_INTERVAL_MS: the pause between passes, and the first pause before a tender is announced again. */
  intervalMs: number;
  /** SWEEP_BATCH_SIZE: tenders announced per pass at most. */
  batchSize: number;
  /**
   * SWEEP_STALE_AFTER_MS: a `pending`/`failed` tender is announced again after this long
   * untouched. Longer than the indexer consumer's redeliveries, so a tender whose event is still
   * queued or being retried is not announced twice.
   */
  staleAfterMs: number;
  /** A `processing` tender is announced again after this long untouched; default 15 minutes. */
  stuckAfterMs?: number;
  /** Longest pause between two announcements of one tender; default an hour. */
  maxBackoffMs?: number;
}

const MAX_SWEEP_BACKOFF_MS = 60 * 60 * 1000;

const STUCK_AFTER_MS = 15 * 60 * 1000;

// Cached text of a file no attachment points at any more is kept this long (a file downloaded
// again with the same bytes soon after reuses it), then removed by the sweeper.
const UNUSED_EXTRACTION_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * One sweeper pass: in one transaction, claims up to `batchSize` tenders that need indexing and
 * have no event on the way (pending or failed for a while, stuck in processing, inconsistent,
 * or indexed by another embedding model), writes a `TenderChangedV1` for each to the outbox and
 * puts each in backoff. Several indexer processes may sweep at once: claimed rows are skipped.
 * Then removes cached extraction results of files no attachment points at any more (a day
 * after they were made, at most 10 × `batchSize` per pass), and fills the compact search vectors of
 * chunks written before migration 0017 (batches of 10 × `batchSize`, for up to 10 s). Returns how
 * many tenders were announced.
 */
export async function sweepOnce(options: SweepOptions, now: Date = new Date()): Promise<number> {
  const { staleAfterMs } = options;
  const backoff = { initialMs: options.intervalMs, maxMs: options.maxBackoffMs ?? MAX_SWEEP_BACKOFF_MS };
  const stuckAfterMs = options.stuckAfterMs ?? Math.max(STUCK_AFTER_MS, staleAfterMs);
  const announced = await options.db.transaction().execute(async (trx) => {
    const candidates = await claimTendersToReannounce(trx, {
      embeddingModel: options.embeddingModel,
      staleBefore: new Date(now.getTime() - staleAfterMs),
      stuckBefore: new Date(now.getTime() - stuckAfterMs),
      now,
      limit: options.batchSize,
    });
    for (const tender of candidates) {
      await enqueueTenderChanged(trx, {
        tenderId: tender.id,
        contentHash: tender.content_hash,
        subject: options.subject,
        now,
      });
      const pause = backoffDelayMs(tender.index_attempts + 1, backoff);
      await scheduleNextIndexAttempt(trx, tender.id, new Date(now.getTime() + pause));
    }
    return candidates;
  });
  if (announced.length > 0) {
    const byStatus: Record<string, number> = {};
    for (const t of announced) byStatus[t.index_status] = (byStatus[t.index_status] ?? 0) + 1;
    options.logger.info({ announced: announced.length, by_status: byStatus }, "Sweeper re-announced tenders");
  }
  const forgotten = await deleteUnusedExtractions(
    options.db,
    new Date(now.getTime() - UNUSED_EXTRACTION_KEPT_MS),
    options.batchSize * 10,
  );
  if (forgotten > 0) options.logger.info({ removed: forgotten }, "Sweeper removed unused extracted text");
  const filled = await fillCompactVectors(options.db, options.batchSize * 10);
  if (filled > 0) options.logger.info({ filled }, "Sweeper filled compact search vectors of older chunks");
  return announced.length;
}

// One pass fills batches for at most this long, so a large backlog does not hold up the sweeper.
const FILL_BUDGET_MS = 10_000;

/** Fills compact vectors of chunks written before migration 0017, batch after batch (each its own commit). */
async function fillCompactVectors(db: Kysely<Database>, batch: number): Promise<number> {
  const started = performance.now();
  let total = 0;
  for (;;) {
    const filled = await fillCompactEmbeddings(db, batch);
    total += filled;
    if (filled < batch || performance.now() - started > FILL_BUDGET_MS) return total;
  }
}
