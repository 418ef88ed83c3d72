import { randomUUID } from "node:crypto";
import { useTestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { quarantineRecord } from "../ingest/quarantined-records.repository.js";
import { insertOutboxEvent, markOutboxPublished } from "../outbox/outbox.repository.js";
import { countQuarantinedByReason, countQuarantinedRecords, readOutboxBacklog } from "./status.repository.js";

const t = useTestDatabase();
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

describe("countQuarantinedByReason", () => {
  it("groups by source and kind of reason, most frequent first, without line numbers, values or item numbers", async () => {
    await t.db.deleteFrom("quarantined_records").execute();
    const reasons = [
      ["ted", "line 1: title: Must be at most 4000 characters long"],
      ["ted", "line 9: title: Must be at most 4000 characters long"],
      ["ted", "title: Must be at most 4000 characters long"],
      ["ted", 'database refused it: invalid input syntax: "0000-01-01" (SQLSTATE 22008)'],
      ["ted", 'database refused it: invalid input syntax: "\\"x" (SQLSTATE 22008)'],
      ["contracts_finder", "attachments.0.title: too long; attachments.12.source_url: bad"],
      ["contracts_finder", "attachments.3.title: too long; attachments.4.source_url: bad"],
      ["contracts_finder", "buyer_name: missing"],
    ] as const;
    for (const [source, reason] of reasons) {
      await quarantineRecord(t.db, { source, externalId: null, reason, rawPayload: { reason } });
    }
    const { reasons: top, kinds } = await countQuarantinedByReason(t.db, 3);
    expect(kinds).toBe(4);
    expect(top.map(({ source, reason, count }) => [source, reason, count])).toEqual([
      ["ted", "title: Must be at most 4000 characters long", 3],
      ["contracts_finder", "attachments.*.title: too long; attachments.*.source_url: bad", 2],
      ["ted", 'database refused it: invalid input syntax: "…" (SQLSTATE 22008)', 2],
    ]);
    expect(top[0]?.lastQuarantinedAt).toBeInstanceOf(Date);
  });
});
