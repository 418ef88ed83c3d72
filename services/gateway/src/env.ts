import {
  AiEnv,
  databaseEnv,
  envBool,
  envInt,
  envNumber,
  envString,
  envUrl,
  LogEnv,
  POSTGRES_PROTOCOLS,
  TracingEnv,
  WebhookEnv,
} from "@tender/config";
import * as v from "valibot";

/**
 * The gateway's configuration: database (and `DATABASE_READ_URL`, an optional streaming replica
 * for Search, browsing and the tender card), logging, AI provider, and `PORT` (8080), `HOST`
 * (0.0.0.0), `METRICS_PORT` (9464: `GET /metrics`, not on PORT), `MIN_RELEVANCE_SCORE` (0.20, in [−1, 1]), `SEARCH_DEADLINE_MS` (15000), `SEARCH_PARALLEL_WORKERS` (0: parallel workers of a large Search scan),
 * `DATABASE_PREPARED_STATEMENTS` (true: the key check and Search run as prepared statements) and
 * `ASK_DEADLINE_MS` (60000), `SHUTDOWN_TIMEOUT_MS` (10000), and the
 * HTTP server's bounds on slow clients: `HTTP_HEADERS_TIMEOUT_MS` (10000),
 * `HTTP_REQUEST_TIMEOUT_MS` (30000, not below the headers timeout), `HTTP_KEEP_ALIVE_TIMEOUT_MS`
 * (5000); saved searches: `SAVED_SEARCHES_PER_KEY` (50), `FEED_READS_PER_MINUTE` (30 per feed), `CPV_LOOKUPS_PER_MINUTE` (600 CPV autocomplete look-ups per key) and the
 * webhook settings of `WebhookEnv`; `CARD_CONCURRENCY_PER_KEY` (4 tender cards sent at once per key);
 * `PUBLIC_BASE_URL` (unset: absolute links are built from the request); traces:
 * `OTEL_EXPORTER_OTLP_ENDPOINT` (unset: off) and `OTEL_SERVICE_NAME` (gateway).
 */
export const Env = v.pipe(
  v.intersect([
    // A request that waits on the database longer than this has already missed its deadline.
    databaseEnv({ statementTimeoutMs: 15_000, idleInTransactionTimeoutMs: 10_000 }),
    LogEnv,
    AiEnv,
    TracingEnv,
    WebhookEnv,
    v.object({
      PORT: envInt({ min: 0, max: 65_535, default: 8080 }),
      HOST: envString({ default: "0.0.0.0" }),
      METRICS_PORT: envInt({ min: 0, max: 65_535, default: 9464 }),
      MIN_RELEVANCE_SCORE: envNumber({ min: -1, max: 1, default: 0.2 }),
      DATABASE_READ_URL: envUrl({ protocols: POSTGRES_PROTOCOLS, optional: true }),
      SEARCH_DEADLINE_MS: envInt({ min: 100, max: 600_000, default: 15_000 }),
      // Pays off only when PostgreSQL runs with huge pages (searchSettings in @tender/db).
      // False behind a pooler that cannot keep prepared statements (README).
      DATABASE_PREPARED_STATEMENTS: envBool({ default: true }),
      SEARCH_PARALLEL_WORKERS: envInt({ min: 0, max: 64, default: 0 }),
      ASK_DEADLINE_MS: envInt({ min: 100, max: 600_000, default: 60_000 }),
      SHUTDOWN_TIMEOUT_MS: envInt({ min: 0, max: 600_000, default: 10_000 }),
      HTTP_HEADERS_TIMEOUT_MS: envInt({ min: 100, max: 600_000, default: 10_000 }),
      HTTP_REQUEST_TIMEOUT_MS: envInt({ min: 100, max: 600_000, default: 30_000 }),
      HTTP_KEEP_ALIVE_TIMEOUT_MS: envInt({ min: 100, max: 600_000, default: 5_000 }),
      SAVED_SEARCHES_PER_KEY: envInt({ min: 1, max: 10_000, default: 50 }),
      FEED_READS_PER_MINUTE: envInt({ min: 1, max: 100_000, default: 30 }),
      CPV_LOOKUPS_PER_MINUTE: envInt({ min: 1, max: 100_000, default: 600 }),
      CARD_CONCURRENCY_PER_KEY: envInt({ min: 1, max: 1_000, default: 4 }),
      PUBLIC_BASE_URL: envUrl({ protocols: ["http", "https"], base: true, optional: true }),
    }),
  ]),
  // Metrics are for the cluster's scraper, never on the public API port.
  v.forward(
    v.partialCheck(
      [["PORT"], ["METRICS_PORT"]],
      (env) => env.METRICS_PORT === 0 || env.METRICS_PORT !== env.PORT,
      "must differ from PORT",
    ),
    ["METRICS_PORT"],
  ),
  // Node refuses a headers timeout longer than the whole-request timeout.
  v.forward(
    v.partialCheck(
      [["HTTP_HEADERS_TIMEOUT_MS"], ["HTTP_REQUEST_TIMEOUT_MS"]],
      (env) => env.HTTP_HEADERS_TIMEOUT_MS <= env.HTTP_REQUEST_TIMEOUT_MS,
      "must not be longer than HTTP_REQUEST_TIMEOUT_MS",
    ),
    ["HTTP_HEADERS_TIMEOUT_MS"],
  ),
);
export type Env = v.InferOutput<typeof Env>;
