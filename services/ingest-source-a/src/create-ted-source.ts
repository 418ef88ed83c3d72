import {
  createSyncHttpClient,
  type IngestLogger,
  type SourceAdapter,
  type SyncHttpEnv,
} from "@tender/ingest";
import type { TedSourceEnv } from "./env.js";
import { createTedAdapter } from "./ted-adapter.js";
import { DEFAULT_TED_FIELDS } from "./ted-search-body.js";

/** The TED adapter with its polite HTTP client, from configuration (service and CLI alike). */
export function createTedSource(
  config: Readonly<TedSourceEnv & SyncHttpEnv>,
  logger?: Pick<IngestLogger, "warn">,
): SourceAdapter {
  const fields = config.TED_FIELDS
    ? config.TED_FIELDS.split(",")
        .map((f) => f.trim())
        .filter((f) => f !== "")
    : DEFAULT_TED_FIELDS;
  return createTedAdapter({
    http: createSyncHttpClient(config.TED_BASE_URL, config, { logger }),
    baseUrl: config.TED_BASE_URL,
    query: config.TED_QUERY,
    fields,
    pageSize: config.TED_PAGE_SIZE,
  });
}
