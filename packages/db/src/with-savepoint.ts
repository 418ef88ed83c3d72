import { sql } from "kysely";
import type { Db } from "./database.js";

/**
 * Runs `work` under a savepoint of the caller's transaction (`trx` must be one): when `work`
 * throws, what it wrote is rolled back, the rest of the transaction stays usable, and the error
 * is rethrown. One record of a page can so fail without taking its neighbours down.
 */
export async function withSavepoint<T>(trx: Db, work: () => Promise<T>): Promise<T> {
  await sql`SAVEPOINT record`.execute(trx);
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT record`.execute(trx);
    await sql`RELEASE SAVEPOINT record`.execute(trx);
    throw error;
  }
  await sql`RELEASE SAVEPOINT record`.execute(trx);
  return result;
}
