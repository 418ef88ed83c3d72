import { outboxRetentionMs } from "@tender/config";
import { openWorkerProcess, type ShutdownSignals } from "@tender/worker";
import type { IngestServiceEnv } from "../ingest-env.js";
import type { IngestLogger } from "../sync/ingest-logger.js";
import type { SourceAdapter } from "../sync/source-adapter.js";
import { runIngestWorker } from "./run-ingest-worker.js";

export interface IngestServiceOptions {
  /** The service's name: the logger's, the database pool's and the NATS connection's. */
  name: string;
  config: IngestServiceEnv;
  /** The source's adapter, given the process's logger. */
  createAdapter(logger: IngestLogger): SourceAdapter;
  /** Where SIGTERM and SIGINT come from; default `process`. */
  signals?: ShutdownSignals;
}

/**
 * The whole ingest service process: opens the database and NATS, runs the ingest worker until
 * SIGTERM or SIGINT (it stops after the current page), then closes NATS and the database.
 */
export async function runIngestService(options: IngestServiceOptions): Promise<void> {
  const { config } = options;
  const worker = await openWorkerProcess({
    name: options.name,
    env: config,
    stoppingMessage: "Shutting down after the current page",
    ...(options.signals ? { signals: options.signals } : {}),
  });
  await runIngestWorker({
    db: worker.db,
    bus: worker.bus,
    logger: worker.logger,
    adapter: options.createAdapter(worker.logger),
    subject: worker.topology.names.subject,
    syncIntervalMs: config.SYNC_INTERVAL_MS,
    healthPort: config.HEALTH_PORT,
    outboxRetentionMs: outboxRetentionMs(config),
    metrics: worker.metrics,
    signal: worker.signal,
  });
  await worker.close("Stopped");
}
