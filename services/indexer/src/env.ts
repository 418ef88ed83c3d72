import { DEFAULT_BUS_NAMES, redeliveryWindowMs, subjectCatalog } from "@tender/bus";
import { AiEnv, EventWorkerEnv, envInt, envString } from "@tender/config";
import { StorageEnv } from "@tender/storage";
import * as v from "valibot";

/**
 * The indexer's configuration: database, NATS, logging, AI provider, attachment storage, and
 * `HEALTH_PORT` (9090), `BUS_PREFIX` (optional), `INDEX_CONCURRENCY` (2), `EMBED_BATCH_SIZE`
 * (32), `EMBED_BATCH_MAX_CHARS` (48000), `EMBED_CONCURRENCY` (2), `INDEX_MAX_CHUNKS_PER_TENDER`
 * (5000), `EXTRACT_TIMEOUT_MS` (60000), `EXTRACT_MAX_MEMORY_MB` (512), `SWEEP_INTERVAL_MS`
 * (60000), `SWEEP_STALE_AFTER_MS` (1410000), `SWEEP_BATCH_SIZE` (100).
 */
// A tender's event may be queued or redelivered to the indexer for this long: the sweeper must
// not announce a pending tender again before (the subject catalog's delivery settings).
const INDEXER_REDELIVERY_WINDOW_MS = redeliveryWindowMs(
  subjectCatalog(DEFAULT_BUS_NAMES).tenderChanged.delivery,
);

export const Env = v.intersect([
  EventWorkerEnv,
  AiEnv,
  StorageEnv,
  v.object({
    HEALTH_PORT: envInt({ min: 0, max: 65_535, default: 9090 }),
    BUS_PREFIX: envString({ optional: true }),
    INDEX_CONCURRENCY: envInt({ min: 1, max: 64, default: 2 }),
    EMBED_BATCH_SIZE: envInt({ min: 1, max: 2048, default: 32 }),
    EMBED_BATCH_MAX_CHARS: envInt({ min: 1000, max: 10_000_000, default: 48_000 }),
    EMBED_CONCURRENCY: envInt({ min: 1, max: 64, default: 2 }),
    INDEX_MAX_CHUNKS_PER_TENDER: envInt({ min: 1, max: 1_000_000, default: 5000 }),
    EXTRACT_TIMEOUT_MS: envInt({ min: 100, max: 3_600_000, default: 60_000 }),
    EXTRACT_MAX_MEMORY_MB: envInt({ min: 128, max: 65_536, default: 512 }),
    SWEEP_INTERVAL_MS: envInt({ min: 100, max: 86_400_000, default: 60_000 }),
    SWEEP_STALE_AFTER_MS: envInt({
      min: INDEXER_REDELIVERY_WINDOW_MS,
      max: 7 * 86_400_000,
      default: INDEXER_REDELIVERY_WINDOW_MS,
    }),
    SWEEP_BATCH_SIZE: envInt({ min: 1, max: 10_000, default: 100 }),
  }),
]);
export type Env = v.InferOutput<typeof Env>;
