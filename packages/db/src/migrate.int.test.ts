import { createEmptyTestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "./create-db.js";
import { migrateToLatest } from "./migrate.js";

describe("migrations", () => {
  let target: Awaited<ReturnType<typeof createEmptyTestDatabase>>;
  beforeAll(async () => {
    target = await createEmptyTestDatabase();
  });
  afterAll(async () => target.destroy());

  it("run up from an empty database, and a second run applies nothing", async () => {
    const db = createDb(target.url, { max: 1 });
    try {
      const first = await migrateToLatest(db);
      expect(first.results?.map((r) => [r.migrationName, r.status])).toEqual([["0001-initial", "Success"]]);
      const again = await migrateToLatest(db);
      expect(again.results).toEqual([]);
      const { rows } = await sql<{ table_name: string }>`
        SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_name NOT LIKE 'kysely%' ORDER BY table_name`.execute(db);
      expect(rows.map((r) => r.table_name)).toEqual([
        "api_keys",
        "attachments",
        "chunks",
        "outbox",
        "quarantined_records",
        "sources",
        "tenders",
      ]);
    } finally {
      await db.destroy();
    }
  });
});
