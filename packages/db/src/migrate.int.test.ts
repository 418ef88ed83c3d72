import { useEmptyTestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { Migrator, NO_MIGRATIONS } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { createDb } from "./create-db.js";
import { migrateToLatest } from "./migrate.js";
import { migrations } from "./migrations/index.js";

const listTables = async (db: ReturnType<typeof createDb>) =>
  (
    await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_name NOT LIKE 'kysely%' ORDER BY table_name`.execute(db)
  ).rows.map((r) => r.table_name);

const names = Object.keys(migrations);
const everyTable = [
  "api_keys",
  "attachments",
  "award_winners",
  "awards",
  "chunks",
  "cpv_label_configs",
  "cpv_label_terms",
  "cpv_labels",
  "cursor_secret",
  "email_channels",
  "email_confirmation_requests",
  "email_messages",
  "extraction_cache",
  "extraction_failures",
  "organisation_names",
  "organisations",
  "outbox",
  "procedure_notice_keys",
  "procedures",
  "quarantined_records",
  "saved_search_matches",
  "saved_searches",
  "sources",
  "tender_facet_groups",
  "tenders",
  "webhook_deliveries",
];

describe("migrations", () => {
  const target = useEmptyTestDatabase();

  it("run up from an empty database, and a second run applies nothing", async () => {
    const db = createDb(target.url, { max: 1 });
    try {
      const first = await migrateToLatest(db);
      expect(first.results?.map((r) => [r.migrationName, r.status])).toEqual(
        names.map((n) => [n, "Success"]),
      );
      const again = await migrateToLatest(db);
      expect(again.results).toEqual([]);
      expect(await listTables(db)).toEqual(everyTable);
    } finally {
      await db.destroy();
    }
  });

  it("are listed in number order, and one merged below an applied number still runs (0025 after 0026)", async () => {
    const numbers = names.map((n) => Number(n.slice(0, 4)));
    expect(numbers).toEqual([...numbers].sort((x, y) => x - y));
    expect(new Set(numbers).size).toBe(numbers.length);
    const db = createDb(target.url, { max: 1 });
    try {
      const all = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await all.migrateTo(NO_MIGRATIONS)).error).toBeUndefined();
      const without = Object.fromEntries(
        Object.entries(migrations).filter(([n]) => n !== "0025-follow-up-alerts"),
      );
      const early = new Migrator({ db, provider: { getMigrations: async () => without } });
      expect((await early.migrateToLatest()).error).toBeUndefined();
      const later = await migrateToLatest(db);
      expect(later.results?.map((r) => [r.migrationName, r.status])).toEqual([
        ["0025-follow-up-alerts", "Success"],
      ]);
      expect(await listTables(db)).toEqual(everyTable);
      // Back to the order a fresh database has, for the next test's strict down migration.
      const unordered = new Migrator({
        db,
        provider: { getMigrations: async () => migrations },
        allowUnorderedMigrations: true,
      });
      expect((await unordered.migrateTo(NO_MIGRATIONS)).error).toBeUndefined();
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
  });

  it("pass the driver's own error on when no migration could run (server unreachable)", async () => {
    const db = createDb("postgres://postgres@127.0.0.1:1/tender", { max: 1 });
    try {
      const error: unknown = await migrateToLatest(db).then(
        () => undefined,
        (e: unknown) => e,
      );
      const codes = [error, ...(error instanceof AggregateError ? error.errors : [])].map(
        (e) => (e as { code?: unknown }).code,
      );
      expect(codes).toContain("ECONNREFUSED");
      expect((error as Error).message).not.toMatch(/^migration /);
    } finally {
      await db.destroy();
    }
  });

  it("run down to nothing, then up again", async () => {
    const db = createDb(target.url, { max: 1 });
    try {
      await migrateToLatest(db);
      await db.insertInto("sources").values({ code: "ted" }).execute();
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const down = await migrator.migrateTo(NO_MIGRATIONS);
      expect(down.error).toBeUndefined();
      expect(down.results?.map((r) => [r.migrationName, r.direction, r.status])).toEqual(
        [...names].reverse().map((n) => [n, "Down", "Success"]),
      );
      expect(await listTables(db)).toEqual([]);

      const up = await migrateToLatest(db);
      expect(up.results?.map((r) => [r.migrationName, r.status])).toEqual(names.map((n) => [n, "Success"]));
      expect(await listTables(db)).toEqual(everyTable);
      expect(await db.selectFrom("sources").selectAll().execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
