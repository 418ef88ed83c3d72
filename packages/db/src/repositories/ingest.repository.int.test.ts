import { createTestDatabase, type TestDatabase } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quarantineRecordOnce } from "./ingest.repository.js";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.destroy());

describe("quarantineRecordOnce", () => {
  it("writes one row per source, id, reason and payload", async () => {
    const input = { source: "ted", externalId: "1-2026", reason: "title: missing", rawPayload: { a: 1 } };
    expect(await quarantineRecordOnce(t.db, input)).toBe(true);
    expect(await quarantineRecordOnce(t.db, input)).toBe(false);
    expect(await quarantineRecordOnce(t.db, { ...input, reason: "buyer_name: missing" })).toBe(true);
    expect(await quarantineRecordOnce(t.db, { ...input, externalId: null })).toBe(true);
    const rows = await t.db
      .selectFrom("quarantined_records")
      .select("id")
      .where("source", "=", "ted")
      .execute();
    expect(rows).toHaveLength(3);
  });

  it("keeps a record holding NUL characters, each stored as U+FFFD, once", async () => {
    const input = {
      source: "contracts_finder",
      externalId: "ocds-\u0000-1",
      reason: 'published_at: "\u0000" is not a date',
      rawPayload: { ocid: "ocds-\u0000-1", "k\u0000": ["x\u0000y", 2] },
    };
    expect(await quarantineRecordOnce(t.db, input)).toBe(true);
    expect(await quarantineRecordOnce(t.db, input)).toBe(false);
    const row = await t.db
      .selectFrom("quarantined_records")
      .selectAll()
      .where("source", "=", "contracts_finder")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      external_id: "ocds-\uFFFD-1",
      reason: 'published_at: "\uFFFD" is not a date',
      raw_payload: { ocid: "ocds-\uFFFD-1", "k\uFFFD": ["x\uFFFDy", 2] },
    });
  });
});
