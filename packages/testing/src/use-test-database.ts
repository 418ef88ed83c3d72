import type { Database } from "@tender/db";
import { ensureSource } from "@tender/db";
import type { Kysely } from "kysely";
import { afterAll, beforeAll } from "vitest";
import { createTestDatabase, type TestDatabase } from "./test-database.js";

/** This test file's database, valid from its `beforeAll` until its `afterAll`. */
export interface TestDatabaseFixture {
  readonly db: Kysely<Database>;
  /** Connection string of this file's own database. */
  readonly url: string;
  /** Id of the source row created for `useTestDatabase({ source })`. */
  readonly sourceId: string;
}

/**
 * Creates this test file's own database before its tests (and the `source` row, when given) and
 * drops it after them. Call it at the top of the file; read the fields only inside hooks and tests.
 */
export function useTestDatabase(options: { source?: string } = {}): TestDatabaseFixture {
  let current: TestDatabase | undefined;
  let sourceId: string | undefined;
  beforeAll(async () => {
    current = await createTestDatabase();
    if (options.source) sourceId = (await ensureSource(current.db, options.source)).id;
  });
  afterAll(async () => current?.destroy());
  const ready = (): TestDatabase => {
    if (!current) throw new Error("the test database exists only inside hooks and tests");
    return current;
  };
  return {
    get db() {
      return ready().db;
    },
    get url() {
      return ready().url;
    },
    get sourceId() {
      if (sourceId === undefined) throw new Error("useTestDatabase was called without a source");
      return sourceId;
    },
  };
}
