import { upsertTenderInput, useTestDatabase } from "@tender/testing";
import { describe, expect, it } from "vitest";
import { createDb } from "../create-db.js";
import {
  countTendersByIndexStatus,
  findTenderById,
  findTenderBySourceAndExternalId,
  listTendersByIndexStatus,
  markTenderFailed,
  markTenderIndexed,
  markTenderProcessing,
  setTenderContentHash,
  type UpsertTenderInput,
  upsertTender,
} from "./tenders.repository.js";
import type { IndexStatus } from "./tenders.table.js";

const HASH_A = "a".repeat(64);
const HASH_B = "b".repeat(64);
const HASH_C = "c".repeat(64);

const t = useTestDatabase({ source: "ted" });
const record = (over: Partial<UpsertTenderInput> = {}) => upsertTenderInput(t.sourceId, over);

async function tenderIn(status: IndexStatus, hash = HASH_A): Promise<string> {
  const { id } = await upsertTender(t.db, record({ contentHash: hash }));
  if (status === "pending") return id;
  expect(await markTenderProcessing(t.db, id, hash)).toBe(true);
  if (status === "ready") expect(await markTenderIndexed(t.db, id, hash)).toBe(true);
  if (status === "failed") expect(await markTenderFailed(t.db, id, "boom")).toBe(true);
  return id;
}

const statusOf = async (id: string) => (await findTenderById(t.db, id))?.index_status;

describe("upsertTender", () => {
  it("creates a pending tender with the fields as given", async () => {
    const input = record();
    const result = await upsertTender(t.db, input);
    expect(result.outcome).toBe("created");
    const row = await findTenderById(t.db, result.id);
    expect(row).toMatchObject({
      source_id: t.sourceId,
      external_id: input.external_id,
      title: "Road repair",
      description: "Resurfacing of 3 km",
      buyer_name: "City of Tartu",
      amount: "1500.50",
      currency: "EUR",
      source_url: "https://example.org/notice/1",
      content_hash: HASH_A,
      indexed_hash: null,
      index_status: "pending",
      last_error: null,
      raw_payload: input.rawPayload,
    });
    expect(row?.published_at.toISOString()).toBe("2024-05-01T10:00:00.000Z");
    expect(row?.deadline?.toISOString()).toBe("2024-06-01T12:00:00.000Z");
    expect(await findTenderBySourceAndExternalId(t.db, t.sourceId, input.external_id)).toEqual(row);
  });

  it("writes nothing when the hash is unchanged, not even raw_payload", async () => {
    const input = record();
    const { id } = await upsertTender(t.db, input);
    await markTenderProcessing(t.db, id, HASH_A);
    await markTenderIndexed(t.db, id, HASH_A);
    const before = await findTenderById(t.db, id);

    const again = await upsertTender(t.db, { ...input, title: "Other title", rawPayload: { other: true } });
    expect(again).toEqual({ id, outcome: "unchanged" });
    expect(await findTenderById(t.db, id)).toEqual(before);
    expect(before?.index_status).toBe("ready");
  });

  it("updates a changed ready tender, moves it to pending and keeps indexed_hash", async () => {
    const input = record();
    const id = (await upsertTender(t.db, input)).id;
    await markTenderProcessing(t.db, id, HASH_A);
    await markTenderIndexed(t.db, id, HASH_A);

    const changed = {
      ...input,
      title: "Road repair, phase 2",
      amount: null,
      contentHash: HASH_B,
      rawPayload: { v: 2 },
    };
    expect(await upsertTender(t.db, changed)).toEqual({ id, outcome: "changed" });
    expect(await findTenderById(t.db, id)).toMatchObject({
      title: "Road repair, phase 2",
      amount: null,
      content_hash: HASH_B,
      indexed_hash: HASH_A,
      index_status: "pending",
      raw_payload: { v: 2 },
    });
  });

  it("clears last_error of a failed tender that changed", async () => {
    const id = await tenderIn("failed");
    const row = await findTenderById(t.db, id);
    expect(row?.last_error).toBe("boom");
    const changed = await upsertTender(t.db, {
      ...record(),
      external_id: row?.external_id ?? "",
      contentHash: HASH_B,
    });
    expect(changed.outcome).toBe("changed");
    expect(await findTenderById(t.db, id)).toMatchObject({ index_status: "pending", last_error: null });
  });

  it("tells created, changed and unchanged apart inside one transaction too", async () => {
    const input = record();
    const outcomes = await t.db
      .transaction()
      .execute(async (trx) => [
        (await upsertTender(trx, input)).outcome,
        (await upsertTender(trx, { ...input, contentHash: HASH_B })).outcome,
        (await upsertTender(trx, { ...input, contentHash: HASH_B })).outcome,
      ]);
    expect(outcomes).toEqual(["created", "changed", "unchanged"]);
  });

  it("10 parallel upserts of one record make one row and exactly one 'created'", async () => {
    const input = record();
    const wide = createDb(t.url, { max: 10 });
    const results = await Promise.all(Array.from({ length: 10 }, () => upsertTender(wide, input))).finally(
      () => wide.destroy(),
    );
    expect(results.filter((r) => r.outcome === "created")).toHaveLength(1);
    expect(results.filter((r) => r.outcome === "unchanged")).toHaveLength(9);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    const rows = await t.db
      .selectFrom("tenders")
      .select("id")
      .where("external_id", "=", input.external_id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("10 parallel upserts with different hashes: one 'created', every other one 'changed'", async () => {
    const input = record();
    const hashes = Array.from({ length: 10 }, (_, i) => i.toString(16).repeat(64));
    const wide = createDb(t.url, { max: 10 });
    const results = await Promise.all(
      hashes.map((h) => upsertTender(wide, { ...input, contentHash: h })),
    ).finally(() => wide.destroy());
    expect(results.filter((r) => r.outcome === "created")).toHaveLength(1);
    expect(results.filter((r) => r.outcome === "changed")).toHaveLength(9);
    const row = await findTenderBySourceAndExternalId(t.db, t.sourceId, input.external_id);
    expect(hashes).toContain(row?.content_hash);
  });
});

describe("index status moves", () => {
  it("setTenderContentHash moves to pending only when the hash differs", async () => {
    const id = await tenderIn("ready");
    expect(await setTenderContentHash(t.db, id, HASH_A)).toBe(false);
    expect(await statusOf(id)).toBe("ready");
    expect(await setTenderContentHash(t.db, id, HASH_C)).toBe(true);
    expect(await findTenderById(t.db, id)).toMatchObject({
      content_hash: HASH_C,
      indexed_hash: HASH_A,
      index_status: "pending",
    });
    expect(await setTenderContentHash(t.db, "00000000-0000-4000-8000-000000000000", HASH_C)).toBe(false);
  });

  it("markTenderProcessing takes pending, failed and processing tenders of the expected hash only", async () => {
    const pending = await tenderIn("pending");
    expect(await markTenderProcessing(t.db, pending, HASH_B)).toBe(false);
    expect(await statusOf(pending)).toBe("pending");
    expect(await markTenderProcessing(t.db, pending, HASH_A)).toBe(true);
    expect(await statusOf(pending)).toBe("processing");
    // A redelivered event after an indexer crash takes the tender again.
    expect(await markTenderProcessing(t.db, pending, HASH_A)).toBe(true);

    const failed = await tenderIn("failed");
    expect(await markTenderProcessing(t.db, failed, HASH_A)).toBe(true);
    expect(await statusOf(failed)).toBe("processing");

    const ready = await tenderIn("ready");
    expect(await markTenderProcessing(t.db, ready, HASH_A)).toBe(false);
    expect(await statusOf(ready)).toBe("ready");
  });

  it("markTenderIndexed applies only while content_hash still equals the indexed hash", async () => {
    const input = record();
    const { id } = await upsertTender(t.db, input);
    await markTenderProcessing(t.db, id, HASH_A);
    // The tender changes while the indexer works on version A.
    await upsertTender(t.db, { ...input, contentHash: HASH_B });

    expect(await markTenderIndexed(t.db, id, HASH_A)).toBe(false);
    expect(await findTenderById(t.db, id)).toMatchObject({ index_status: "pending", indexed_hash: null });

    await markTenderProcessing(t.db, id, HASH_B);
    expect(await markTenderIndexed(t.db, id, HASH_B)).toBe(true);
    expect(await findTenderById(t.db, id)).toMatchObject({
      index_status: "ready",
      indexed_hash: HASH_B,
      content_hash: HASH_B,
      last_error: null,
    });
  });

  it("markTenderFailed keeps the error of a processing tender only", async () => {
    const pending = await tenderIn("pending");
    expect(await markTenderFailed(t.db, pending, "late failure")).toBe(false);
    expect(await statusOf(pending)).toBe("pending");

    const processing = await tenderIn("processing");
    expect(await markTenderFailed(t.db, processing, "x".repeat(5000))).toBe(true);
    const row = await findTenderById(t.db, processing);
    expect(row?.index_status).toBe("failed");
    expect(row?.last_error).toBe("x".repeat(4000));
  });
});

describe("listing and counting", () => {
  it("countTendersByIndexStatus counts every status", async () => {
    const before = await countTendersByIndexStatus(t.db);
    expect(Object.keys(before).sort()).toEqual(["failed", "pending", "processing", "ready"]);
    await tenderIn("pending");
    await tenderIn("pending");
    await tenderIn("processing");
    await tenderIn("failed");
    expect(await countTendersByIndexStatus(t.db)).toEqual({
      pending: before.pending + 2,
      processing: before.processing + 1,
      ready: before.ready,
      failed: before.failed + 1,
    });
  });

  it("listTendersByIndexStatus filters by status and honours the limit", async () => {
    const failed = await listTendersByIndexStatus(t.db, ["failed"], 100);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((r) => r.index_status === "failed")).toBe(true);
    const mixed = await listTendersByIndexStatus(t.db, ["pending", "failed"], 100);
    const counts = await countTendersByIndexStatus(t.db);
    expect(mixed).toHaveLength(counts.pending + counts.failed);
    expect(await listTendersByIndexStatus(t.db, ["pending", "failed"], 2)).toHaveLength(2);
    expect(await listTendersByIndexStatus(t.db, [], 10)).toEqual([]);
  });

  it("find functions return undefined for unknown tenders", async () => {
    expect(await findTenderById(t.db, "00000000-0000-4000-8000-000000000000")).toBeUndefined();
    expect(await findTenderBySourceAndExternalId(t.db, t.sourceId, "missing")).toBeUndefined();
  });
});
