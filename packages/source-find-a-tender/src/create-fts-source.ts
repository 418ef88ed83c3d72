import {
  createSyncHttpClient,
  type IngestLogger,
  type SourceAdapter,
  type SyncHttpEnv,
} from "@tender/ingest";
import { createFtsAdapter } from "./fts-adapter.js";
import type { FtsSourceEnv } from "./fts-source-env.js";

/**
 * The Find a Tender adapter with its polite HTTP client, from configuration (service and CLI
 * alike): one request at a time, at most `FTS_REQUESTS_PER_MINUTE`; 429 and 5xx are retried after
 * their `Retry-After`.
 */
export function createFtsSource(
  config: Readonly<FtsSourceEnv & SyncHttpEnv>,
  logger?: Pick<IngestLogger, "warn">,
): SourceAdapter {
  return createFtsAdapter({
    http: createSyncHttpClient(config.FTS_BASE_URL, config, {
      concurrency: 1,
      minIntervalMs: Math.ceil(60_000 / config.FTS_REQUESTS_PER_MINUTE),
      logger,
    }),
    baseUrl: config.FTS_BASE_URL,
    stages: config.FTS_STAGES,
    pageSize: config.FTS_PAGE_SIZE,
    updatedFrom: config.FTS_UPDATED_FROM,
  });
}
