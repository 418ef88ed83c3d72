import {
  createSyncHttpClient,
  type IngestLogger,
  type SourceAdapter,
  type SyncHttpEnv,
} from "@tender/ingest";
import type { TedSourceEnv } from "./env.js";
import { createTedAdapter } from "./ted-adapter.js";
import { tedFields } from "./ted-fields.js";

/** The TED adapter with its polite HTTP client, from configuration (service and CLI alike). */
export function createTedSource(
  config: Readonly<TedSourceEnv & SyncHttpEnv>,
  logger?: Pick<IngestLogger, "warn">,
): SourceAdapter {
  const fields = tedFields(config.TED_FIELDS);
  return createTedAdapter({
    http: createSyncHttpClient(config.TED_BASE_URL, config, { logger }),
    baseUrl: config.TED_BASE_URL,
    query: config.TED_QUERY,
    fields,
    pageSize: config.TED_PAGE_SIZE,
    logger,
  });
}
