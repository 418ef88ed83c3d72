import { randomUUID } from "node:crypto";
import { createTestDatabase, type TestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertOutboxEvent, markOutboxPublished } from "./outbox.repository.js";
import { quarantineRecord } from "./quarantined-records.repository.js";
import { countQuarantinedRecords, readOutboxBacklog } from "./status.repository.js";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.destroy());

describe("readOutboxBacklog", () => {
  it("is empty on an empty outbox", async () => {
    expect(await readOutboxBacklog(t.db)).toEqual({
      unpublished: 0,
      oldestCreatedAt: null,
      oldestAgeSeconds: null,
    });
  });

  it("counts unpublished events and ages the oldest by the database clock", async () => {
    const add = () => insertOutboxEvent(t.db, { eventId: randomUUID(), subject: "s", payload: {} });
    const published = await add();
    const old = await add();
    await add();
    await markOutboxPublished(t.db, [published]);
    // Published rows do not count, however old they are.
    await sql`UPDATE outbox SET created_at = now() - interval '1 day' WHERE id = ${published}`.execute(t.db);
    await sql`UPDATE outbox SET created_at = now() - interval '10 minutes' WHERE id = ${old}`.execute(t.db);
    const backlog = await readOutboxBacklog(t.db);
    expect(backlog.unpublished).toBe(2);
    expect(backlog.oldestAgeSeconds).toBeGreaterThanOrEqual(600);
    expect(backlog.oldestAgeSeconds).toBeLessThan(86_400);
    const { rows } = await sql<{ created_at: Date }>`SELECT created_at FROM outbox WHERE id = ${old}`.execute(
      t.db,
    );
    expect(backlog.oldestCreatedAt?.toISOString()).toBe(rows[0]?.created_at.toISOString());
  });
});

describe("countQuarantinedRecords", () => {
  it("counts every quarantined record", async () => {
    expect(await countQuarantinedRecords(t.db)).toBe(0);
    await quarantineRecord(t.db, { source: "ted", externalId: null, reason: "r", rawPayload: null });
    await quarantineRecord(t.db, { source: "ted", externalId: "x", reason: "r", rawPayload: {} });
    expect(await countQuarantinedRecords(t.db)).toBe(2);
  });
});
