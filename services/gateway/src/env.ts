import { AiEnv, DatabaseEnv, envInt, envNumber, envString, LogEnv } from "@tender/config";
import * as v from "valibot";

/**
 * The gateway's configuration: database, logging, AI provider, and `PORT` (8080), `HOST`
 * (0.0.0.0), `MIN_RELEVANCE_SCORE` (0.20, in [−1, 1]), `SHUTDOWN_TIMEOUT_MS` (10000), and the
 * HTTP server's bounds on slow clients: `HTTP_HEADERS_TIMEOUT_MS` (10000),
 * `HTTP_REQUEST_TIMEOUT_MS` (30000, not below the headers timeout), `HTTP_KEEP_ALIVE_TIMEOUT_MS`
 * (5000).
 */
export const Env = v.pipe(
  v.intersect([
    DatabaseEnv,
    LogEnv,
    AiEnv,
    v.object({
      PORT: envInt({ min: 0, max: 65_535, default: 8080 }),
      HOST: envString({ default: "0.0.0.0" }),
      MIN_RELEVANCE_SCORE: envNumber({ min: -1, max: 1, default: 0.2 }),
      SHUTDOWN_TIMEOUT_MS: envInt({ min: 0, max: 600_000, default: 10_000 }),
      HTTP_HEADERS_TIMEOUT_MS: envInt({ min: 100, max: 600_000, default: 10_000 }),
      HTTP_REQUEST_TIMEOUT_MS: envInt({ min: 100, max: 600_000, default: 30_000 }),
      HTTP_KEEP_ALIVE_TIMEOUT_MS: envInt({ min: 100, max: 600_000, default: 5_000 }),
    }),
  ]),
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
