import { AiEnv, DatabaseEnv, envInt, envNumber, envString, LogEnv } from "@tender/config";
import * as v from "valibot";

/**
 * The gateway's configuration: database, logging, AI provider, and `PORT` (8080), `HOST`
 * (0.0.0.0), `MIN_RELEVANCE_SCORE` (0.20, in [−1, 1]), `SHUTDOWN_TIMEOUT_MS` (10000).
 */
export const Env = v.intersect([
  DatabaseEnv,
  LogEnv,
  AiEnv,
  v.object({
    PORT: envInt({ min: 0, max: 65_535, default: 8080 }),
    HOST: envString({ default: "0.0.0.0" }),
    MIN_RELEVANCE_SCORE: envNumber({ min: -1, max: 1, default: 0.2 }),
    SHUTDOWN_TIMEOUT_MS: envInt({ min: 0, max: 600_000, default: 10_000 }),
  }),
]);
export type Env = v.InferOutput<typeof Env>;
