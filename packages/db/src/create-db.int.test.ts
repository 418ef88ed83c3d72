import { useTestDatabase } from "@tender/testing";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "./create-db.js";
import type { Database } from "./database.js";

// The pool's server-side timeouts, against a real lock and a real forgotten transaction.
const t = useTestDatabase({ source: "test" });
const opened: Kysely<Database>[] = [];
const open = (options: Parameters<typeof createDb>[1]) => {
  const db = createDb(t.url, options);
  opened.push(db);
  return db;
};
afterAll(async () => Promise.all(opened.map((db) => db.destroy())));

/** Holds an exclusive lock on `sources` until the returned release is called. */
async function holdLock(db: Kysely<Database>): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const done = db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE sources IN ACCESS EXCLUSIVE MODE`.execute(trx);
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await done;
  };
}

describe("createDb sessionSettings", () => {
  it("starts every connection with them", async () => {
    const db = open({ max: 2, sessionSettings: { jit: "off", work_mem: "5MB" } });
    const show = () =>
      db
        .connection()
        .execute(async (c) => (await sql<{ work_mem: string }>`SHOW work_mem`.execute(c)).rows[0]);
    expect(await Promise.all([show(), show()])).toEqual([{ work_mem: "5MB" }, { work_mem: "5MB" }]);
  });

  it("refuses a value that is not a plain word or number", () => {
    expect(() => createDb(t.url, { sessionSettings: { work_mem: "5MB'; RESET jit; --" } })).toThrow(
      /not a plain setting/,
    );
  });
});

describe("createDb timeouts", () => {
  it("cancels a query held by a lock after statementTimeoutMs (57014), and the pool keeps working", async () => {
    const holder = open({ max: 1 });
    const bounded = open({ max: 1, statementTimeoutMs: 300 });
    const release = await holdLock(holder);
    try {
      const started = Date.now();
      const error = await bounded
        .selectFrom("sources")
        .selectAll()
        .execute()
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "57014" });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await release();
    }
    expect((await bounded.selectFrom("sources").select("id").execute()).length).toBe(1);
  });

  it("without a timeout the same query waits for the lock", async () => {
    const holder = open({ max: 1 });
    const unbounded = open({ max: 1 });
    const release = await holdLock(holder);
    const query = unbounded.selectFrom("sources").select("id").execute();
    const first = await Promise.race([query.then(() => "answered"), wait(600).then(() => "waiting")]);
    await release();
    expect(first).toBe("waiting");
    expect((await query).length).toBe(1);
  });

  it("ends a transaction left idle past idleInTransactionTimeoutMs, releasing its lock", async () => {
    const forgetful = open({ max: 1, idleInTransactionTimeoutMs: 300 });
    const other = open({ max: 1, statementTimeoutMs: 5_000 });
    const error = await forgetful
      .transaction()
      .execute(async (trx) => {
        await sql`LOCK TABLE sources IN ACCESS EXCLUSIVE MODE`.execute(trx);
        await wait(1_000);
        await trx.selectFrom("sources").select("id").execute();
      })
      .catch((e: unknown) => e);
    expect(String((error as Error).message)).toMatch(/idle-in-transaction|terminat|Connection/i);
    // The lock went with the session: another connection reads at once.
    expect((await other.selectFrom("sources").select("id").execute()).length).toBe(1);
    // And the pool replaces the dead connection.
    expect((await forgetful.selectFrom("sources").select("id").execute()).length).toBe(1);
  });
});

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
