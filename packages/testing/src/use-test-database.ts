import type { Database } from "@tender/db";
import { createDb, ensureSource, migrations } from "@tender/db";
import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll } from "vitest";
import { createEmptyTestDatabase, createTestDatabase } from "./test-database.js";

/** This test file's database, valid from its `beforeAll` until its `afterAll`. */
export interface TestDatabaseFixture {
  readonly db: Kysely<Database>;
  /** Connection string of this file's own database. */
  readonly url: string;
  /** Id of the source row created for `useTestDatabase({ source })`. */
  readonly sourceId: string;
}

/** Creates the resource before the file's tests and destroys it after; the getter throws outside them. */
function perFile<T extends { destroy: () => Promise<void> }>(create: () => Promise<T>): () => T {
  let current: T | undefined;
  beforeAll(async () => {
    current = await create();
  });
  afterAll(async () => current?.destroy());
  return () => {
    if (!current) throw new Error("the test database exists only inside hooks and tests");
    return current;
  };
}

/**
 * Creates this test file's own database before its tests (and the `source` row, when given) and
 * drops it after them. Call it at the top of the file; read the fields only inside hooks and tests.
 */
export function useTestDatabase(options: { source?: string } = {}): TestDatabaseFixture {
  const current = perFile(async () => {
    const database = await createTestDatabase();
    const source = options.source ? await ensureSource(database.db, options.source) : undefined;
    return { ...database, sourceId: source?.id };
  });
  return {
    get db() {
      return current().db;
    },
    get url() {
      return current().url;
    },
    get sourceId() {
      const { sourceId } = current();
      if (sourceId === undefined) throw new Error("useTestDatabase was called without a source");
      return sourceId;
    },
  };
}

/** An empty database (not migrated) of this test file, for migration tests; dropped after its tests. */
export function useEmptyTestDatabase(): { readonly url: string } {
  const current = perFile(createEmptyTestDatabase);
  return {
    get url() {
      return current().url;
    },
  };
}

/**
 * An empty database of this test file and a way to walk it through the migrations one name at a
 * time, for tests of what a migration does to rows stored before it: `migrateTo(name)` fails the
 * test when a migration fails. Dropped after the file's tests.
 */
export function useMigrationSteps(): {
  readonly db: Kysely<Database>;
  migrateTo(name: string): Promise<void>;
} {
  const current = perFile(async () => {
    const target = await createEmptyTestDatabase();
    const db = createDb(target.url, { max: 1 });
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    return {
      db,
      migrator,
      destroy: async () => {
        await db.destroy();
        await target.destroy();
      },
    };
  });
  return {
    get db() {
      return current().db;
    },
    async migrateTo(name: string) {
      const { error } = await current().migrator.migrateTo(name);
      if (error !== undefined) throw error;
    },
  };
}
