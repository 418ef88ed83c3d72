import type { Database } from "@tender/db";
import type { Kysely } from "kysely";

/** Deletes every row of `tables`, in the order given (a source's tenders go with it), between tests. */
export async function emptyTables(
  db: Kysely<Database>,
  tables: readonly (keyof Database & string)[],
): Promise<void> {
  for (const table of tables) await db.deleteFrom(table).execute();
}
