import { envUrl, POSTGRES_PROTOCOLS } from "@tender/config";
import * as v from "valibot";

/** Where the CLI looks when DATABASE_URL is unset: the local development server of scripts/setup.sh. */
export const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/tender";

/** The CLI's configuration: only the database. */
export const CliEnv = v.object({
  DATABASE_URL: envUrl({ protocols: POSTGRES_PROTOCOLS, default: DEFAULT_DATABASE_URL }),
});
export type CliEnv = v.InferOutput<typeof CliEnv>;
