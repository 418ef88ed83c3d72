import { type Bus, type BusTopology, runConsumer, runOutboxRelay } from "@tender/bus";
import { outboxStore, runPeriodically } from "@tender/worker";
import { createTenderChangedHandler } from "./create-tender-changed-handler.js";
import type { IndexerDeps } from "./indexer-deps.js";
import { type SweepOptions, sweepOnce } from "./sweeper/sweep-once.js";

/** What the indexer process runs with, built by main.ts (or a test). */
export interface RunIndexerDeps extends IndexerDeps {
  js: Bus["js"];
  topology: BusTopology;
  /** INDEX_CONCURRENCY: events handled at once. */
  concurrency: number;
  /** MESSAGE_MAX_HANDLING_MS: one attempt at one event; the consumer runner's default when absent. */
  maxHandlingMs?: number;
  sweep: Pick<SweepOptions, "intervalMs" | "batchSize" | "staleAfterMs" | "stuckAfterMs">;
  /** Pause of the outbox relay when the outbox is empty; default 500 ms. */
  relayPollIntervalMs?: number;
  /** OUTBOX_RETENTION_HOURS: published events are deleted once older; the relay's default when absent. */
  outboxRetentionMs?: number;
}

/**
 * Runs the indexer until `signal` aborts: the `indexer` consumer on `tender.changed.v1`, the
 * sweeper that re-announces tenders left behind, and the outbox relay that publishes its
 * events. Resolves once in-flight work has finished.
 */
export async function runIndexer(deps: RunIndexerDeps, signal: AbortSignal): Promise<void> {
  const entry = deps.topology.catalog.tenderChanged;
  await Promise.all([
    runConsumer({
      js: deps.js,
      entry,
      consumer: deps.topology.names.consumers.indexer,
      handler: createTenderChangedHandler({
        ...deps,
        subject: entry.subject,
        indexedSubject: deps.topology.catalog.tenderIndexed.subject,
      }),
      logger: deps.logger,
      signal,
      concurrency: deps.concurrency,
      ...(deps.maxHandlingMs === undefined ? {} : { maxHandlingMs: deps.maxHandlingMs }),
    }),
    // Tenders left behind (an AI outage, a dead-lettered event, a changed embedding model) are
    // indexed without an operator; a failing pass is retried at the next interval.
    runPeriodically({
      run: () =>
        sweepOnce({
          ...deps.sweep,
          db: deps.db,
          logger: deps.logger,
          embeddingModel: deps.ai.embedModel,
          subject: entry.subject,
        }),
      intervalMs: deps.sweep.intervalMs,
      signal,
      logger: deps.logger,
      failureMessage: "Sweeper pass failed",
    }),
    runOutboxRelay({
      outbox: outboxStore(deps.db),
      js: deps.js,
      logger: deps.logger,
      signal,
      ...(deps.relayPollIntervalMs ? { pollIntervalMs: deps.relayPollIntervalMs } : {}),
      ...(deps.outboxRetentionMs === undefined ? {} : { retentionMs: deps.outboxRetentionMs }),
    }),
  ]);
}
