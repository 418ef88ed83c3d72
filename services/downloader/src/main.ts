import { loadConfig, outboxRetentionMs } from "@tender/config";
import { systemResolveHost } from "@tender/egress";
import { openBlobStorage } from "@tender/storage";
import { openWorkerProcess } from "@tender/worker";
import { downloadOutcomeMetric } from "./download-outcome-metric.js";
import { downloadPolicy } from "./download-policy.js";
import { Env } from "./env.js";
import { runDownloader } from "./run-downloader.js";

const config = loadConfig(Env, process.env);
const worker = await openWorkerProcess({
  name: "downloader",
  env: config,
  healthPort: config.HEALTH_PORT,
  stoppingMessage: "Stopping: finishing downloads in progress",
});
const { logger, db, bus, topology } = worker;
const storage = await openBlobStorage(config, { js: bus.js, replicas: config.NATS_STREAM_REPLICAS, logger });

const running = runDownloader(
  {
    db,
    js: bus.js,
    topology,
    storage,
    logger,
    concurrency: config.DOWNLOAD_CONCURRENCY,
    maxHandlingMs: config.MESSAGE_MAX_HANDLING_MS,
    outboxRetentionMs: outboxRetentionMs(config),
    recordOutcome: downloadOutcomeMetric(worker.metrics),
    policy: downloadPolicy(
      {
        maxBytes: config.MAX_ATTACHMENT_BYTES,
        timeoutMs: config.DOWNLOAD_TIMEOUT_MS,
        extraAllowedHosts: config.DOWNLOAD_ALLOWED_HOSTS,
        allowPrivateAddresses: config.DOWNLOAD_ALLOW_PRIVATE_ADDRESSES,
        resolveHost: systemResolveHost,
      },
      config.DOWNLOAD_LEASE_MS === undefined ? {} : { leaseMs: config.DOWNLOAD_LEASE_MS },
    ),
  },
  worker.signal,
);
logger.info(
  {
    storage: config.STORAGE_DRIVER,
    concurrency: config.DOWNLOAD_CONCURRENCY,
    health_port: worker.healthPort,
  },
  "Downloader started",
);
await running;
await worker.close("Downloader stopped");
process.exit(0);
