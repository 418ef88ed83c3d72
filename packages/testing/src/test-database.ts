import { randomBytes } from "node:crypto";
import { createDb, type Database } from "@tender/db";
import type { Kysely } from "kysely";
import pg from "pg";
import { inject } from "vitest";
import { withDatabase } from "./database-url.js";
import "./provided-context.js";

export interface TestDatabase {
  db: Kysely<Database>;
  /** Connection string of this file's own database. */
  url: string;
  /** Closes the pool and drops the database. */
  destroy: () => Promise<void>;
}

/** A fresh, migrated database of its own (cloned from the run's template) for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject("testDatabaseUrl");
  const name = `${inject("testRunPrefix")}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject("testTemplateDatabase")}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const db = createDb(url, { max: 5, applicationName: "tender-test" });
  return {
    db,
    url,
    destroy: async () => {
      await db.destroy();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** An empty database (not migrated) for migration tests. */
export async function createEmptyTestDatabase(): Promise<{ url: string; destroy: () => Promise<void> }> {
  const adminUrl = inject("testDatabaseUrl");
  const name = `${inject("testRunPrefix")}_${randomBytes(4).toString("hex")}_empty`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  return {
    url: withDatabase(adminUrl, name),
    destroy: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}
