import type { AiProvider } from "@tender/ai";
import type { Database } from "@tender/db";
import type { Logger } from "@tender/observability";
import type { Kysely } from "kysely";

/** Settings the request handlers need. */
export interface GatewayConfig {
  /** Search and Ask drop chunks scoring below this (MIN_RELEVANCE_SCORE). */
  minRelevanceScore: number;
}

/** Everything the gateway app uses, passed in explicitly (no module-level singletons). */
export interface Deps {
  db: Kysely<Database>;
  ai: AiProvider;
  config: GatewayConfig;
  logger: Logger;
  /** Monotonic milliseconds for request durations; `performance.now` when absent. */
  now?: () => number;
}
