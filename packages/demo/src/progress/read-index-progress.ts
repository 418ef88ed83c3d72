import { type Db, readPipelineCounts } from "@tender/db";

/** How far the demo data has come through ingestion, downloads and indexing. */
export interface IndexProgress {
  tenders: { total: number; ready: number; failed: number; inProgress: number };
  attachments: { total: number; ready: number; failed: number; skipped: number; pending: number };
  /** Codes of the sources whose first sync pass has finished (no cursor left, a sync time set). */
  syncedSources: string[];
  /** Events not yet published by an outbox relay. */
  unpublishedEvents: number;
  quarantined: number;
}

/** Reads the counts that show the demo's progress. */
export async function readIndexProgress(db: Db): Promise<IndexProgress> {
  const { tenders, attachments, sources, outbox, quarantined } = await readPipelineCounts(db);
  return {
    tenders: {
      total: tenders.pending + tenders.processing + tenders.ready + tenders.failed,
      ready: tenders.ready,
      failed: tenders.failed,
      inProgress: tenders.pending + tenders.processing,
    },
    attachments: {
      total: attachments.pending + attachments.ready + attachments.failed + attachments.skipped,
      ready: attachments.ready,
      failed: attachments.failed,
      skipped: attachments.skipped,
      pending: attachments.pending,
    },
    syncedSources: sources.filter((s) => s.cursor === null && s.last_sync_at !== null).map((s) => s.code),
    unpublishedEvents: outbox.unpublished,
    quarantined,
  };
}

/**
 * True when every source in `sources` finished a pass, every event is published, no tender
 * waits for indexing and no attachment for its download: nothing more will happen on its own.
 */
export function isSettled(progress: IndexProgress, sources: readonly string[]): boolean {
  return (
    sources.every((code) => progress.syncedSources.includes(code)) &&
    progress.unpublishedEvents === 0 &&
    progress.tenders.total > 0 &&
    progress.tenders.inProgress === 0 &&
    progress.attachments.pending === 0
  );
}

/** `tenders ready 12/19 (1 failed) · attachments ready 2/13 (11 failed) · quarantined 1`. */
export function describeProgress(progress: IndexProgress): string {
  const { tenders, attachments } = progress;
  const failed = (n: number) => (n > 0 ? ` (${n} failed)` : "");
  return [
    `tenders ready ${tenders.ready}/${tenders.total}${failed(tenders.failed)}`,
    `attachments ready ${attachments.ready}/${attachments.total}${failed(attachments.failed)}`,
    ...(progress.quarantined > 0 ? [`quarantined records ${progress.quarantined}`] : []),
  ].join(" · ");
}
