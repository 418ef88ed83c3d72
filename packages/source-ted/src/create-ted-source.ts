import {
  createSyncHttpClient,
  type IngestLogger,
  type SourceAdapter,
  type SyncHttpEnv,
} from "@tender/ingest";
import { TED_XML_HOSTS } from "./fetch-ted-notice-awards.js";
import { createTedAdapter } from "./ted-adapter.js";
import { tedFields } from "./ted-fields.js";
import { hasPublicationDateClause } from "./ted-query.js";
import type { TedSourceEnv } from "./ted-source-env.js";

/** The TED adapter with its polite HTTP client, from configuration (service and CLI alike). */
export function createTedSource(
  config: Readonly<TedSourceEnv & SyncHttpEnv>,
  logger?: Pick<IngestLogger, "warn">,
): SourceAdapter {
  const fields = tedFields(config.TED_FIELDS);
  if (hasPublicationDateClause(config.TED_QUERY)) {
    logger?.warn(
      {},
      "TED_QUERY has its own publication-date clause and is sent as is: notices published during a downtime longer than its window are missed",
    );
  }
  return createTedAdapter({
    http: createSyncHttpClient(config.TED_BASE_URL, config, { logger, defaultHosts: TED_XML_HOSTS }),
    baseUrl: config.TED_BASE_URL,
    query: config.TED_QUERY,
    lookbackDays: config.TED_LOOKBACK_DAYS,
    fields,
    pageSize: config.TED_PAGE_SIZE,
    logger,
  });
}
