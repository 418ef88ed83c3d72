import { type Bus, runOutboxRelay } from "@tender/bus";
import type { Database } from "@tender/db";
import { type Registry, startHealthServer } from "@tender/observability";
import { outboxStore, workerHealthChecks } from "@tender/worker";
import type { Kysely } from "kysely";
import type { IngestLogger } from "../sync/ingest-logger.js";
import { runSyncLoop } from "../sync/run-sync-loop.js";
import { runSyncPass } from "../sync/run-sync-pass.js";
import type { SourceAdapter } from "../sync/source-adapter.js";

export interface IngestWorkerDeps {
  db: Kysely<Database>;
  bus: Bus;
  logger: IngestLogger;
  adapter: SourceAdapter;
  /** Outbox subject of `TenderChangedV1`. */
  subject: string;
  syncIntervalMs: number;
  healthPort: number;
  /** OUTBOX_RETENTION_HOURS: published events are deleted once older; the relay's default when absent. */
  outboxRetentionMs?: number;
  /** Served at `/metrics` on the health port. */
  metrics?: Registry;
  /** Aborting it stops the worker: no new page, the relay stops, the health server closes. */
  signal: AbortSignal;
}

/**
 * Runs an ingest service until `signal` aborts: the sync loop (a pass every `syncIntervalMs`,
 * stopping between pages on shutdown), the outbox relay and the health probes. Returns once all
 * of them have stopped; the caller then closes the database and NATS.
 */
export async function runIngestWorker(deps: IngestWorkerDeps): Promise<void> {
  const { db, bus, logger, adapter, signal } = deps;
  const health = await startHealthServer({
    port: deps.healthPort,
    checks: workerHealthChecks(db, bus),
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
  });
  logger.info({ source: adapter.code, health_port: health.port }, "Ingest worker started");
  try {
    await Promise.all([
      runOutboxRelay({
        outbox: outboxStore(db),
        js: bus.js,
        logger,
        signal,
        ...(deps.outboxRetentionMs === undefined ? {} : { retentionMs: deps.outboxRetentionMs }),
      }),
      runSyncLoop({
        intervalMs: deps.syncIntervalMs,
        signal,
        logger,
        runPass: (passSignal) =>
          runSyncPass({ db, adapter, logger, subject: deps.subject, signal: passSignal }),
      }),
    ]);
  } finally {
    await health.close();
  }
}
