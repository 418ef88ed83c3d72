import * as v from "valibot";
import { envEnum } from "./env-enum.js";

/** pino's level names, most to least severe, plus `silent`. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Logging: `LOG_LEVEL` (default info). */
export const LogEnv = v.object({
  LOG_LEVEL: envEnum(LOG_LEVELS, { default: "info" }),
});
export type LogEnv = v.InferOutput<typeof LogEnv>;
