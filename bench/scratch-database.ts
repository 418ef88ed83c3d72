// A scratch database for one benchmark run, shared by the benchmarks that need an empty one.
// Entry scripts load it with a typed dynamic import, as bench/search/bench-lib.ts explains.
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { createDb, migrateToLatest } from "../packages/db/dist/index.js";

/** A plain node-postgres client (the benchmarks' raw SQL: bare lookups, plans, bulk inserts). */
export interface PgClient {
  connect(): Promise<void>;
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
  end(): Promise<void>;
}
const pg = createRequire(new URL("../packages/db/package.json", import.meta.url))("pg") as {
  Client: new (config: { connectionString: string }) => PgClient;
};

/** A connected client of `url`; `end()` it. */
export async function connect(url: string): Promise<PgClient> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

export interface ScratchDatabase {
  /** Connection string of the new database. */
  url: string;
  db: ReturnType<typeof createDb>;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** Creates and migrates `<prefix>_<random hex>` on the server of `adminUrl` (a pool of 4). */
export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), { max: 4 });
  const drop = async () => {
    await db.destroy();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  };
  try {
    await migrateToLatest(db);
  } catch (error) {
    await drop();
    throw error;
  }
  return { url: url.toString(), db, drop };
}
