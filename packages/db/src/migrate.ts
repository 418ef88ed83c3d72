import type { Kysely } from "kysely";
import { type MigrationResultSet, Migrator } from "kysely/migration";
import type { Database } from "./database.js";
import { migrations } from "./migrations/index.js";

/**
 * Applies every pending migration, in number order. A database may already have a later number
 * than one that is still pending (migrations are numbered when work starts and merged in any
 * order: 0026 was released before 0025), so a pending migration below the latest applied one
 * runs too instead of being refused. Throws with the failing migration's name when one fails,
 * or the driver's own error when none could run.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error")?.migrationName;
    // No migration ran (the database could not be reached or locked): the error itself says why.
    if (failed === undefined) throw result.error;
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`migration ${failed} failed: ${cause}`, { cause: result.error });
  }
  return result;
}
