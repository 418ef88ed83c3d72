import * as v from "valibot";
import { envInt } from "./env-int.js";
import { envUrl } from "./env-url.js";

/** URL schemes node-postgres accepts. */
export const POSTGRES_PROTOCOLS = ["postgres", "postgresql"] as const;

/** PostgreSQL connection: `DATABASE_URL` (required), `DATABASE_POOL_MAX` (default 10). */
export const DatabaseEnv = v.object({
  DATABASE_URL: envUrl({ protocols: POSTGRES_PROTOCOLS }),
  DATABASE_POOL_MAX: envInt({ min: 1, max: 1000, default: 10 }),
});
export type DatabaseEnv = v.InferOutput<typeof DatabaseEnv>;
