import {
  createSyncHttpClient,
  type IngestLogger,
  type SourceAdapter,
  type SyncHttpEnv,
} from "@tender/ingest";
import { createCfAdapter } from "./cf-adapter.js";
import type { CfSourceEnv } from "./cf-source-env.js";

/** Contracts Finder answers 403 when it wants clients to slow down; this is how long we then wait. */
export const CF_FORBIDDEN_COOLDOWN_MS = 60_000;

/** The Contracts Finder adapter with its polite HTTP client, from configuration (service and CLI alike). */
export function createCfSource(
  config: Readonly<CfSourceEnv & SyncHttpEnv>,
  logger?: Pick<IngestLogger, "warn">,
): SourceAdapter {
  return createCfAdapter({
    http: createSyncHttpClient(config.CF_BASE_URL, config, {
      forbiddenCooldownMs: CF_FORBIDDEN_COOLDOWN_MS,
      // Contracts Finder throttles eagerly: one request at a time.
      concurrency: 1,
      logger,
    }),
    baseUrl: config.CF_BASE_URL,
    stages: config.CF_STAGES,
    pageSize: config.CF_PAGE_SIZE,
    publishedFrom: config.CF_PUBLISHED_FROM,
  });
}
