import { type Bus, type BusLogger, type BusTopology, runConsumer, runOutboxRelay } from "@tender/bus";
import type { Database } from "@tender/db";
import { createLimiter } from "@tender/egress";
import type { BlobStorage, SweepableBlobStorage } from "@tender/storage";
import { outboxStore, runPeriodically } from "@tender/worker";
import type { Kysely } from "kysely";
import { createTenderChangedHandler } from "./create-tender-changed-handler.js";
import type { DownloadMetricOutcome } from "./download-outcome-metric.js";
import type { DownloadPolicy } from "./download-policy.js";
import {
  DEFAULT_STALLED_DOWNLOAD_SWEEP,
  type StalledDownloadSweep,
  sweepStalledDownloads,
} from "./sweep-stalled-downloads.js";

/** Everything the downloader works with, built by main.ts (or a test). */
export interface DownloaderDeps {
  db: Kysely<Database>;
  js: Bus["js"];
  topology: BusTopology;
  storage: BlobStorage | SweepableBlobStorage;
  policy: DownloadPolicy;
  logger: BusLogger;
  /** DOWNLOAD_CONCURRENCY: downloads at once, across every event in hand. */
  concurrency: number;
  /** Hears what became of each claimed attachment (`tender_download_outcomes_total`). */
  recordOutcome?: (outcome: DownloadMetricOutcome) => void;
  /** MESSAGE_MAX_HANDLING_MS: one attempt at one event; the consumer runner's default when absent. */
  maxHandlingMs?: number;
  /** OUTBOX_RETENTION_HOURS: published events are deleted once older; the relay's default when absent. */
  outboxRetentionMs?: number;
  /** On stop, downloads in progress get this long to finish before they are abandoned; default 10 s. */
  shutdownGraceMs?: number;
  /** Pause between sweeps of leftovers of interrupted downloads; default 15 minutes. */
  sweepIntervalMs?: number;
  /** Re-announcing tenders whose pending attachments were left alone; defaults in `DEFAULT_STALLED_DOWNLOAD_SWEEP`. */
  stalledSweep?: Partial<StalledDownloadSweep>;
}

/**
 * Runs the downloader until `signal` aborts: the `downloader` consumer on `tender.changed.v1`,
 * the outbox relay for the events it writes, a periodic sweep of what interrupted downloads
 * left in storage, and one that re-announces tenders whose pending attachments were left alone
 * (their event was dead-lettered or lost). Resolves once in-flight work finished.
 */
export async function runDownloader(deps: DownloaderDeps, signal: AbortSignal): Promise<void> {
  const entry = deps.topology.catalog.tenderChanged;
  const sweep = { ...DEFAULT_STALLED_DOWNLOAD_SWEEP, ...deps.stalledSweep };
  const handler = createTenderChangedHandler({
    db: deps.db,
    storage: deps.storage,
    policy: deps.policy,
    logger: deps.logger,
    subject: entry.subject,
    limiter: createLimiter(deps.concurrency),
    shutdownGraceMs: deps.shutdownGraceMs ?? 10_000,
    ...(deps.recordOutcome ? { recordOutcome: deps.recordOutcome } : {}),
  });
  await Promise.all([
    runConsumer({
      js: deps.js,
      entry,
      consumer: deps.topology.names.consumers.downloader,
      handler,
      logger: deps.logger,
      signal,
      concurrency: deps.concurrency,
      ...(deps.maxHandlingMs === undefined ? {} : { maxHandlingMs: deps.maxHandlingMs }),
    }),
    runOutboxRelay({
      outbox: outboxStore(deps.db),
      js: deps.js,
      logger: deps.logger,
      signal,
      ...(deps.outboxRetentionMs === undefined ? {} : { retentionMs: deps.outboxRetentionMs }),
    }),
    sweepIncompletePeriodically(deps, signal),
    // Pending attachments whose event was dead-lettered (a long database outage) or lost are
    // downloaded without an operator.
    runPeriodically({
      run: () => sweepStalledDownloads({ db: deps.db, logger: deps.logger, subject: entry.subject, sweep }),
      intervalMs: sweep.intervalMs,
      signal,
      logger: deps.logger,
      failureMessage: "Stalled download sweep failed",
    }),
  ]);
}

/**
 * A put takes at most the download timeout (plus storing), so a leftover untouched for twice
 * that belongs to a process that died; sweeping younger ones could hit a put in progress.
 */
async function sweepIncompletePeriodically(deps: DownloaderDeps, signal: AbortSignal): Promise<void> {
  const { storage } = deps;
  if (!("sweepIncomplete" in storage)) return;
  const olderThanMs = 2 * deps.policy.timeoutMs;
  await runPeriodically({
    run: async () => {
      const removed = await storage.sweepIncomplete(olderThanMs);
      if (removed > 0) deps.logger.info({ removed }, "Removed leftovers of interrupted downloads");
    },
    intervalMs: deps.sweepIntervalMs ?? 15 * 60_000,
    signal,
    logger: deps.logger,
    failureMessage: "Sweeping leftovers of interrupted downloads failed",
  });
}
