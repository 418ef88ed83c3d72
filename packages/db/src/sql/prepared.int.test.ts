import { useTestDatabase } from "@tender/testing";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../create-db.js";
import type { Database } from "../database.js";
import { prepared } from "./prepared.js";

const t = useTestDatabase({ source: "test" });
let db: Kysely<Database>;
beforeAll(() => {
  db = createDb(t.url, { max: 1 });
});
afterAll(() => db.destroy());

const statements = () =>
  sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements ORDER BY statement`.execute(db);

describe("prepared", () => {
  it("prepares a marked statement once per connection and runs it by name with new values", async () => {
    const square = (x: number) => prepared(sql<{ y: number }>`SELECT ${x}::int * ${x}::int AS y`);
    expect((await square(3).execute(db)).rows).toEqual([{ y: 9 }]);
    expect((await square(4).execute(db)).rows).toEqual([{ y: 16 }]);
    const after = (await statements()).rows.map((r) => r.statement);
    expect(after.filter((s) => s.includes("AS y"))).toHaveLength(1);
  });

  it("two texts get two statements; unmarked ones none", async () => {
    const before = (await statements()).rows.length;
    await sql`SELECT 1 AS one`.execute(db);
    await prepared(sql`SELECT 2 AS two`).execute(db);
    await prepared(sql`SELECT 3 AS three`).execute(db);
    expect((await statements()).rows.length).toBe(before + 2);
  });

  it("prepares a statement again when a migration changed the type of a column it returns", async () => {
    await sql`CREATE TABLE prepared_drift (x int)`.execute(db);
    try {
      await sql`INSERT INTO prepared_drift VALUES (7)`.execute(db);
      const read = prepared(sql<{ x: unknown }>`SELECT x FROM prepared_drift`);
      expect((await read.execute(db)).rows).toEqual([{ x: 7 }]);
      await sql`ALTER TABLE prepared_drift ALTER COLUMN x TYPE text`.execute(db);
      expect((await read.execute(db)).rows).toEqual([{ x: "7" }]);
      expect((await read.execute(db)).rows).toEqual([{ x: "7" }]);
    } finally {
      await sql`DROP TABLE prepared_drift`.execute(db);
    }
  });

  it("runs marked statements unprepared on a pool opened with preparedStatements false", async () => {
    const plain = createDb(t.url, { max: 1, preparedStatements: false });
    try {
      expect((await prepared(sql<{ y: number }>`SELECT 5 AS y`).execute(plain)).rows).toEqual([{ y: 5 }]);
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM pg_prepared_statements`.execute(plain);
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await plain.destroy();
    }
  });

  it("a marked statement that fails is not kept, and the same text works once it can", async () => {
    const read = prepared(sql<{ n: number }>`SELECT count(*)::int AS n FROM prepared_probe`);
    await expect(read.execute(db)).rejects.toMatchObject({ code: "42P01" });
    await sql`CREATE TABLE prepared_probe (x int)`.execute(db);
    try {
      expect((await read.execute(db)).rows).toEqual([{ n: 0 }]);
    } finally {
      await sql`DROP TABLE prepared_probe`.execute(db);
    }
  });
});
