import type { AiProvider } from "@tender/ai";
import type { Database } from "@tender/db";
import type { Logger } from "@tender/observability";
import type { Kysely } from "kysely";
import type { GatewayMetrics } from "./metrics/gateway-metrics.js";

/** Settings the request handlers need. */
export interface GatewayConfig {
  /** Search and Ask drop chunks scoring below this (MIN_RELEVANCE_SCORE). */
  minRelevanceScore: number;
  savedSearches: SavedSearchSettings;
  /** SEARCH_DEADLINE_MS: Search answers `dependency_unavailable` when not done by then. */
  searchDeadlineMs: number;
  /** ASK_DEADLINE_MS: the same for Ask (for a streamed Ask, until its first event). */
  askDeadlineMs: number;
  /** How long each lexical list of hybrid Search may run (its `statement_timeout`, ms); `LEXICAL_LIST_TIMEOUT_MS` of `@tender/db` when absent. */
  hybridListTimeoutMs?: number;
  /** SEARCH_PARALLEL_WORKERS: PostgreSQL workers a large Search scan may add; none: 0 (one process). */
  searchParallelWorkers?: number;
  /** The database pools were opened with `searchSettings(searchParallelWorkers)` on every connection. */
  searchSettingsOnConnection?: boolean;
  /** FEED_READS_PER_MINUTE: reads of one feed per UTC minute, in this process; not the key's allowance. */
  feedReadsPerMinute: number;
  /** CPV_LOOKUPS_PER_MINUTE: CPV autocomplete look-ups of one key per UTC minute, in this process; not its allowance (600 when absent). */
  cpvLookupsPerMinute?: number;
  /** CARD_CONCURRENCY_PER_KEY: tender cards one key may be sent at once, and apart procedure answers, in this process. */
  cardConcurrencyPerKey: number;
  /**
   * PUBLIC_BASE_URL: the address clients reach the gateway at; absolute links (the feed's `self`)
   * are built on it. Unset: on the request's own URL, whose host the client chose.
   */
  publicBaseUrl?: string;
}

/** The operator's settings of saved searches and their webhooks (docs/api.md#saved-searches). */
export interface SavedSearchSettings {
  /** At most this many saved searches per API key (SAVED_SEARCHES_PER_KEY). */
  perKey: number;
  /** Accept http:// webhook URLs (WEBHOOK_ALLOW_HTTP); https only otherwise. */
  allowHttpWebhooks: boolean;
  /** The key sealing webhook secrets (WEBHOOK_SECRET_KEY); none: webhooks cannot be set. */
  webhookSecretKey: Buffer | undefined;
}

/** Everything the gateway app uses, passed in explicitly (no module-level singletons). */
export interface Deps {
  db: Kysely<Database>;
  /**
   * Where Search, Ask's search, browsing, facets and the tender card read (DATABASE_READ_URL, a
   * streaming replica); `db` when absent. Keys, the rate limit and every write stay on `db`.
   */
  readDb?: Kysely<Database>;
  ai: AiProvider;
  config: GatewayConfig;
  logger: Logger;
  /** Where request, rate-limit and search metrics go; none in most tests. */
  metrics?: GatewayMetrics;
  /** Monotonic milliseconds for request durations; `performance.now` when absent. */
  now?: () => number;
  /** The built web app's folder; `@tender/web`'s `dist` when absent. */
  webAppDir?: string;
}

/** The pool reads that may lag behind the primary go to. */
export function readDbOf(deps: Pick<Deps, "db" | "readDb">): Kysely<Database> {
  return deps.readDb ?? deps.db;
}
