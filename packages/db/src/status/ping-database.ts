import { sql } from "kysely";
import type { Db } from "../database.js";

/** True when PostgreSQL answers `SELECT 1`; throws what the driver throws when it cannot. */
export async function pingDatabase(db: Db): Promise<boolean> {
  return (await sql`SELECT 1`.execute(db)).rows.length === 1;
}
