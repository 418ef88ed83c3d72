import { createDb, type Database, migrateToLatest } from "@tender/db";
import { type Kysely, sql } from "kysely";

/** The database name of a PostgreSQL URL. */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ""));
}

/**
 * Throws unless the database name of `url` contains "demo": the demo drops and recreates its
 * database, so a mistyped variable must never point it at a real one.
 */
export function assertDemoDatabaseName(url: string): void {
  const name = databaseName(url);
  if (!/demo/i.test(name)) {
    throw new Error(
      `refusing to recreate database "${name}": the demo drops and recreates its database on every run, so its name must contain "demo"`,
    );
  }
}

/**
 * Drops the database of `url` (closing its connections), creates it empty and migrates it; returns
 * a connection to it. Refuses a name without "demo" in it (`assertDemoDatabaseName`).
 */
export async function recreateDemoDatabase(url: string): Promise<Kysely<Database>> {
  assertDemoDatabaseName(url);
  const name = databaseName(url);
  const adminUrl = new URL(url);
  adminUrl.pathname = "/postgres";
  const admin = createDb(adminUrl.toString(), { max: 1, applicationName: "tender-demo" });
  try {
    await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(admin);
    await sql`CREATE DATABASE ${sql.id(name)}`.execute(admin);
  } catch (error) {
    const server = `${adminUrl.hostname}:${adminUrl.port || "5432"}`;
    throw new Error(`PostgreSQL at ${server}: ${(error as Error).message}`, { cause: error });
  } finally {
    await admin.destroy();
  }
  const db = createDb(url, { max: 4, applicationName: "tender-demo" });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
