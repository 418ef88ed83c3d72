import { randomUUID } from "node:crypto";
import { createTenderChangedV1Validator, createTenderIndexedV1Validator } from "@tender/contracts";
import { createTestDatabase, type TestDatabase } from "@tender/testing";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../database.js";
import { enqueueTenderChanged } from "./enqueue-tender-changed.js";
import { enqueueTenderIndexed } from "./enqueue-tender-indexed.js";
import { claimOutboxBatch, countUnpublishedOutbox } from "./outbox.repository.js";

let testDb: TestDatabase;
let db: Kysely<Database>;
const subject = "t.tender.changed.v1";

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
});
afterAll(async () => testDb?.destroy());
beforeEach(async () => {
  await db.deleteFrom("outbox").execute();
});

describe("enqueueTenderIndexed", () => {
  it("writes a schema-valid TenderIndexedV1 on tender.indexed.v1, and refuses a malformed one", async () => {
    const tenderId = randomUUID();
    const event = await enqueueTenderIndexed(db, {
      tenderId,
      contentHash: "a".repeat(64),
      embeddingModel: "bge-m3",
    });
    expect(createTenderIndexedV1Validator()(event)).toEqual({ ok: true, value: event });
    expect(event).toMatchObject({ schema_version: 1, tender_id: tenderId, embedding_model: "bge-m3" });
    const row = await db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ event_id: event.event_id, subject: "tender.indexed.v1", payload: event });
    await expect(
      enqueueTenderIndexed(db, { tenderId, contentHash: "a".repeat(64), embeddingModel: " " }),
    ).rejects.toThrow(/Invalid TenderIndexedV1/);
    expect(await countUnpublishedOutbox(db)).toBe(1);
  });
});

describe("enqueueTenderChanged", () => {
  it("writes a schema-valid TenderChangedV1 to the outbox in the caller's transaction", async () => {
    const now = new Date("2025-03-04T05:06:07.089Z");
    const tenderId = randomUUID();
    const event = await db.transaction().execute((trx) =>
      enqueueTenderChanged(trx, {
        tenderId,
        contentHash: "f".repeat(64),
        now,
        subject: subject,
      }),
    );

    expect(createTenderChangedV1Validator()(event)).toEqual({ ok: true, value: event });
    expect(event).toMatchObject({
      schema_version: 1,
      tender_id: tenderId,
      occurred_at: "2025-03-04T05:06:07.089Z",
    });
    const row = await db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      event_id: event.event_id,
      subject: subject,
      published_at: null,
    });
    expect(row.payload).toEqual(event);
  });

  it("leaves no event behind when the caller's transaction rolls back", async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueueTenderChanged(trx, { tenderId: randomUUID(), contentHash: "0".repeat(64) });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await countUnpublishedOutbox(db)).toBe(0);
  });

  it("refuses malformed ids without writing anything", async () => {
    await expect(
      enqueueTenderChanged(db, { tenderId: "not-a-uuid", contentHash: "F".repeat(64) }),
    ).rejects.toThrow(/Invalid TenderChangedV1/);
    expect(await countUnpublishedOutbox(db)).toBe(0);
  });

  it("defaults to the production subject", async () => {
    const event = await enqueueTenderChanged(db, { tenderId: randomUUID(), contentHash: "0".repeat(64) });
    const row = await db
      .selectFrom("outbox")
      .select("subject")
      .where("event_id", "=", event.event_id)
      .executeTakeFirst();
    expect(row?.subject).toBe("tender.changed.v1");
  });
});

describe("claimOutboxBatch", () => {
  it("skips rows another transaction has claimed", async () => {
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 6; i += 1) {
        await enqueueTenderChanged(trx, { tenderId: randomUUID(), contentHash: "a".repeat(64), subject });
      }
    });
    const [first, second] = await db.transaction().execute(async (a) => {
      const claimedByA = await claimOutboxBatch(a, 4);
      const claimedByB = await db.transaction().execute((b) => claimOutboxBatch(b, 4));
      return [claimedByA.map((r) => r.id), claimedByB.map((r) => r.id)];
    });
    expect(first).toHaveLength(4);
    expect(second).toHaveLength(2);
    expect(first?.some((id) => second?.includes(id))).toBe(false);
  });
});
