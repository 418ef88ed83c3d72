import { useTestDatabase } from "@tender/testing";
import { describe, expect, it } from "vitest";
import { listQuarantinedRecords, quarantineRecord } from "./quarantined-records.repository.js";

const t = useTestDatabase();
describe("quarantined records repository", () => {
  it("round-trips a record with its reason and raw payload", async () => {
    const rawPayload = { id: "X-1", amount: "-5", nested: { list: [1, "two", null], ünïcode: "ok" } };
    const stored = await quarantineRecord(t.db, {
      source: "ted",
      externalId: "X-1",
      reason: "amount: a negative amount is rejected",
      rawPayload,
    });
    expect(stored).toMatchObject({
      source: "ted",
      external_id: "X-1",
      reason: "amount: a negative amount is rejected",
      raw_payload: rawPayload,
    });
    expect(stored.quarantined_at).toBeInstanceOf(Date);
    expect(await listQuarantinedRecords(t.db, { source: "ted", limit: 10 })).toEqual([stored]);
  });

  it("keeps records without an external id and with non-object payloads", async () => {
    const noId = await quarantineRecord(t.db, {
      source: "contracts_finder",
      externalId: null,
      reason: "external_id: missing",
      rawPayload: ["not", "an", "object"],
    });
    expect(noId).toMatchObject({ external_id: null, raw_payload: ["not", "an", "object"] });
    const text = await quarantineRecord(t.db, {
      source: "contracts_finder",
      externalId: null,
      reason: "body is not JSON",
      rawPayload: "<html>",
    });
    expect(text.raw_payload).toBe("<html>");
    // Distinct times, so "newest first" below does not hinge on two now() values differing.
    await t.db
      .updateTable("quarantined_records")
      .set({ quarantined_at: new Date("2024-01-01T00:00:00Z") })
      .where("id", "=", noId.id)
      .execute();
  });

  it("lists by source, newest first, up to the limit", async () => {
    const cf = await listQuarantinedRecords(t.db, { source: "contracts_finder", limit: 10 });
    expect(cf.map((r) => r.reason)).toEqual(["body is not JSON", "external_id: missing"]);
    expect(await listQuarantinedRecords(t.db, { source: "contracts_finder", limit: 1 })).toEqual([cf[0]]);
    expect(await listQuarantinedRecords(t.db, { limit: 10 })).toHaveLength(3);
    expect(await listQuarantinedRecords(t.db, { source: "unknown", limit: 10 })).toEqual([]);
  });
});
