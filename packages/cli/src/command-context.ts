import { loadConfig } from "@tender/config";
import { createDb, type Database } from "@tender/db";
import type { Kysely } from "kysely";
import type { CliDeps } from "./cli-deps.js";
import { CliEnv } from "./cli-env.js";
import { CliError } from "./cli-error.js";
import { describeDatabaseError } from "./describe-database-error.js";

/** What every command action gets: output and a database opened on demand. */
export interface CommandContext {
  /** Writes `text` and a newline to standard output. */
  print(text?: string): void;
  /** Writes `text` and a newline to standard error. */
  warn(text: string): void;
  /**
   * Opens the database named by DATABASE_URL, runs `use` and always closes it. A driver failure
   * becomes a one-line `CliError`; a `CliError` thrown by `use` passes through unchanged.
   */
  withDatabase<T>(use: (db: Kysely<Database>) => Promise<T>): Promise<T>;
}

// No statement timeout: migrations and `reindex --all` may rightly run long. A transaction left
// idle (a CLI stopped in a debugger, a stalled terminal) must still not hold its locks for ever.
const openDefault = (url: string) =>
  createDb(url, { max: 2, applicationName: "tender-cli", idleInTransactionTimeoutMs: 60_000 });

export function createCommandContext(deps: CliDeps): CommandContext {
  return {
    print: (text = "") => deps.stdout.write(`${text}\n`),
    warn: (text) => deps.stderr.write(`${text}\n`),
    async withDatabase(use) {
      // Read at use time, so `--help` works whatever the environment holds.
      const { DATABASE_URL } = loadConfig(CliEnv, deps.env);
      const db = (deps.openDb ?? openDefault)(DATABASE_URL);
      try {
        return await use(db);
      } catch (error) {
        if (error instanceof CliError) throw error;
        throw new CliError(describeDatabaseError(error, DATABASE_URL), { cause: error });
      } finally {
        await db.destroy().catch(() => {});
      }
    },
  };
}
