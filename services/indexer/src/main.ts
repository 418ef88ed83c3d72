import { aiProviderConfigFromEnv, createAiProvider, observeAiProvider } from "@tender/ai";
import { loadConfig, outboxRetentionMs } from "@tender/config";
import { createLimiter } from "@tender/egress";
import { aiCallMetrics } from "@tender/observability";
import { openBlobStorage } from "@tender/storage";
import { openWorkerProcess } from "@tender/worker";
import { Env } from "./env.js";
import { createExtractorPool } from "./extraction/create-extractor-pool.js";
import { indexOutcomeMetric, observeExtractor } from "./indexer-metrics.js";
import { runIndexer } from "./run-indexer.js";

const config = loadConfig(Env, process.env);
const worker = await openWorkerProcess({
  name: "indexer",
  env: config,
  healthPort: config.HEALTH_PORT,
  stoppingMessage: "Stopping: finishing tenders in progress",
});
const { logger, db, bus, topology } = worker;
const storage = await openBlobStorage(config, { js: bus.js, replicas: config.NATS_STREAM_REPLICAS, logger });
const ai = observeAiProvider(
  createAiProvider(aiProviderConfigFromEnv(config)),
  aiCallMetrics(worker.metrics),
);
const extractor = observeExtractor(
  createExtractorPool({
    size: config.INDEX_CONCURRENCY,
    timeoutMs: config.EXTRACT_TIMEOUT_MS,
    maxMemoryMb: config.EXTRACT_MAX_MEMORY_MB,
  }),
  worker.metrics,
);

const running = runIndexer(
  {
    db,
    js: bus.js,
    topology,
    storage,
    ai,
    extractor,
    logger,
    recordOutcome: indexOutcomeMetric(worker.metrics),
    concurrency: config.INDEX_CONCURRENCY,
    maxHandlingMs: config.MESSAGE_MAX_HANDLING_MS,
    outboxRetentionMs: outboxRetentionMs(config),
    embedBatching: {
      maxTexts: config.EMBED_BATCH_SIZE,
      maxChars: config.EMBED_BATCH_MAX_CHARS,
      concurrency: config.EMBED_CONCURRENCY,
      limiter: createLimiter(config.EMBED_CONCURRENCY),
    },
    maxChunksPerTender: config.INDEX_MAX_CHUNKS_PER_TENDER,
    sweep: {
      intervalMs: config.SWEEP_INTERVAL_MS,
      staleAfterMs: config.SWEEP_STALE_AFTER_MS,
      batchSize: config.SWEEP_BATCH_SIZE,
    },
  },
  worker.signal,
);
logger.info(
  {
    storage: config.STORAGE_DRIVER,
    ai_provider: config.AI_PROVIDER,
    embedding_model: ai.embedModel,
    concurrency: config.INDEX_CONCURRENCY,
    health_port: worker.healthPort,
  },
  "Indexer started",
);
await running;
await extractor.close();
await worker.close("Indexer stopped");
process.exit(0);
