import { type Db, readPipelineCounts } from "@tender/db";

/** How far the demo data has come through ingestion, downloads and indexing. */
export interface IndexProgress {
  tenders: { total: number; ready: number; failed: number; inProgress: number };
  attachments: { total: number; ready: number; failed: number; skipped: number; pending: number };
  /** Sources whose last sync pass has finished (no cursor left), with when it committed. */
  syncedSources: { code: string; at: Date }[];
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
    syncedSources: sources.flatMap((s) =>
      s.cursor === null && s.last_sync_at !== null ? [{ code: s.code, at: new Date(s.last_sync_at) }] : [],
    ),
    unpublishedEvents: outbox.unpublished,
    quarantined,
  };
}

/**
 * True when every source in `sources` finished a pass, every event is published, no tender
 * waits for indexing and no attachment for its download: nothing more will happen on its own.
 * With `servedSince`, a source's pass counts only when it committed at or after that time (when
 * the source first answered with data): an earlier pass saw nothing and proves nothing.
 */
export function isSettled(
  progress: IndexProgress,
  sources: readonly string[],
  servedSince?: (code: string) => Date | undefined,
): boolean {
  const synced = (code: string) => {
    const pass = progress.syncedSources.find((s) => s.code === code);
    if (!pass || !servedSince) return pass !== undefined;
    const since = servedSince(code);
    return since !== undefined && pass.at.getTime() >= since.getTime();
  };
  return (
    sources.every(synced) &&
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
