import { createDb } from "@tender/db";
import { sql } from "kysely";

/** A table locked by a transaction of its own, as a slow writer or a migration would hold it. */
export interface HeldTableLock {
  /** Statements of the database, other than the lock holder's, still running or waiting now. */
  running(): Promise<string[]>;
  /** Ends the lock's transaction and closes its connections. */
  release(): Promise<void>;
}

/**
 * Takes `ACCESS EXCLUSIVE` on `table` of the database at `url` and holds it until `release()`:
 * every statement that reads the table waits behind it, so tests can see what a deadline does
 * to a statement that cannot finish.
 */
export async function holdTableLock(url: string, table: string): Promise<HeldTableLock> {
  // Two connections: one holds the lock, the other looks at pg_stat_activity meanwhile.
  const db = createDb(url, { max: 2 });
  const released = Promise.withResolvers<void>();
  const locked = Promise.withResolvers<void>();
  const holding = db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE ${sql.table(table)} IN ACCESS EXCLUSIVE MODE`.execute(trx);
    locked.resolve();
    await released.promise;
  });
  holding.catch(locked.reject);
  await locked.promise;
  return {
    running: async () =>
      (
        await sql<{ query: string }>`
          SELECT query FROM pg_stat_activity
          WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()
            AND query NOT LIKE 'LOCK TABLE%'`.execute(db)
      ).rows.map((r) => r.query),
    release: async () => {
      released.resolve();
      await holding;
      await db.destroy();
    },
  };
}
