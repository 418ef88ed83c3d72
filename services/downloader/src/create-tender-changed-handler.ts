import type { BusLogger, ConsumerHandler } from "@tender/bus";
import type { TenderChangedV1 } from "@tender/contracts";
import { clearDownloadSweepBackoff, type Database, findTenderSourceCode } from "@tender/db";
import type { Limiter } from "@tender/egress";
import type { BlobStorage } from "@tender/storage";
import type { Kysely } from "kysely";
import { abortLater } from "./abort-later.js";
import { createKeyedQueue } from "./create-keyed-queue.js";
import type { DownloadMetricOutcome } from "./download-outcome-metric.js";
import type { DownloadPolicy } from "./download-policy.js";
import { processAttachment } from "./process-attachment.js";
import { takePendingDownloads } from "./take-pending-downloads.js";

export interface TenderChangedHandlerDeps {
  db: Kysely<Database>;
  storage: BlobStorage;
  policy: DownloadPolicy;
  logger: BusLogger;
  /** Subject of the events the downloader writes to the outbox. */
  subject: string;
  /** Shared by every event in hand: bounds the downloads running at once. */
  limiter: Limiter;
  /** On stop, downloads in progress get this long to finish; waiting ones never start. */
  shutdownGraceMs: number;
  /** Hears what became of each claimed attachment (`tender_download_outcomes_total`). */
  recordOutcome?: (outcome: DownloadMetricOutcome) => void;
}

/**
 * The `downloader` consumer's handler. The event only names the tender: its `pending`
 * attachments are re-read from the database and downloaded (bounded by the limiter), except
 * those that failed recently (see `takePendingDownloads`). Events of one tender are handled one
 * after another, so two of them never fetch the same file at once; a repeated event finds
 * nothing pending and does nothing. Once every attachment is settled, the stalled-download
 * sweeper's backoff of the tender is cleared. When an attachment could not be
 * settled (database down, shutdown) the handler throws after the others finished, and the event
 * is redelivered.
 */
export function createTenderChangedHandler(deps: TenderChangedHandlerDeps): ConsumerHandler<TenderChangedV1> {
  const tenders = createKeyedQueue();
  return (event, ctx) =>
    tenders.run(event.tender_id, async () => {
      const pending = await takePendingDownloads(deps.db, event.tender_id, deps.logger);
      if (pending.length === 0) return;
      const sourceCode = await findTenderSourceCode(deps.db, event.tender_id);
      const downloads = abortLater(ctx.signal, deps.shutdownGraceMs);
      try {
        const results = await Promise.allSettled(
          pending.map((attachment) =>
            deps.limiter.run(async () => {
              ctx.signal.throwIfAborted();
              ctx.working();
              await processAttachment(deps, attachment, sourceCode, downloads.signal);
            }),
          ),
        );
        const failure = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
        if (failure) throw failure.reason;
        // Every attachment is settled: a re-announcement by the sweeper starts from scratch next time.
        await clearDownloadSweepBackoff(deps.db, event.tender_id);
      } finally {
        downloads.dispose();
      }
    });
}
