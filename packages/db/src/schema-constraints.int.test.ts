import { createTestDatabase, type TestDatabase, unitVector } from "@tender/testing";
import { type InsertObject, sql } from "kysely";
import pgvector from "pgvector";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./database.js";
import type { NewAttachmentRow } from "./documents/attachments.table.js";
import type { NewChunkRow } from "./indexing/chunks.table.js";
import type { NewTenderRow } from "./ingest/tenders.table.js";

// Rules of the specification are enforced by the database itself: these inserts bypass the
// repositories on purpose and expect the specific constraint to refuse them.

const hex = (c: string) => c.repeat(64);

let t: TestDatabase;
let sourceId: string;
let serial = 0;

function tender(over: Partial<NewTenderRow> = {}): NewTenderRow {
  serial++;
  return {
    source_id: sourceId,
    external_id: `ext-${serial}`,
    title: "Road repair",
    description: null,
    buyer_name: "City of Tartu",
    amount: "1500.50",
    currency: "EUR",
    published_at: "2024-05-01T10:00:00Z",
    deadline: null,
    source_url: "https://example.org/notice/1",
    content_hash: hex("a"),
    raw_payload: "{}",
    ...over,
  };
}

async function insertTender(over: Partial<NewTenderRow> = {}): Promise<string> {
  const row = await t.db.insertInto("tenders").values(tender(over)).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

function attachment(tenderId: string, over: Partial<NewAttachmentRow> = {}): NewAttachmentRow {
  serial++;
  return {
    tender_id: tenderId,
    external_id: null,
    title: null,
    filename: "spec.pdf",
    content_type: "application/pdf",
    source_url: `https://example.org/files/${serial}.pdf`,
    local_path: null,
    sha256: null,
    size_bytes: null,
    last_error: null,
    ...over,
  };
}

async function insertAttachment(tenderId: string, over: Partial<NewAttachmentRow> = {}): Promise<string> {
  const row = await t.db
    .insertInto("attachments")
    .values(attachment(tenderId, over))
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

function chunk(
  tenderId: string,
  attachmentId: string | null,
  over: Partial<Omit<NewChunkRow, "embedding">> & { vector?: number[] } = {},
): InsertObject<Database, "chunks"> {
  serial++;
  const { vector = unitVector(serial % 1024), ...columns } = over;
  return {
    tender_id: tenderId,
    attachment_id: attachmentId,
    chunk_key: serial.toString(16).padStart(64, "0"),
    content: "Road repair in Tartu",
    embedding: sql<string>`${pgvector.toSql(vector)}::vector`,
    embedding_model: "fake-hash-1024",
    position: 0,
    section: "metadata",
    content_hash: hex("c"),
    ...columns,
  };
}

const countRows = async (table: "attachments" | "chunks", tenderId: string) =>
  (
    await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("tender_id", "=", tenderId)
      .executeTakeFirstOrThrow()
  ).n;

beforeAll(async () => {
  t = await createTestDatabase();
  sourceId = (
    await t.db.insertInto("sources").values({ code: "ted" }).returning("id").executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => t.destroy());

describe("unique constraints", () => {
  it("refuse a second source with the same code", async () => {
    await expect(t.db.insertInto("sources").values({ code: "ted" }).execute()).rejects.toMatchObject({
      code: "23505",
      constraint: "sources_code_key",
    });
  });

  it("refuse a second tender with the same (source_id, external_id)", async () => {
    await insertTender({ external_id: "dup-1" });
    await expect(insertTender({ external_id: "dup-1" })).rejects.toMatchObject({
      code: "23505",
      constraint: "tenders_source_external_key",
    });
  });

  it("refuse a second chunk with the same chunk_key, even for another tender", async () => {
    const a = await insertTender();
    const b = await insertTender();
    await t.db
      .insertInto("chunks")
      .values(chunk(a, null, { chunk_key: hex("d") }))
      .execute();
    await expect(
      t.db
        .insertInto("chunks")
        .values(chunk(b, null, { chunk_key: hex("d") }))
        .execute(),
    ).rejects.toMatchObject({ code: "23505", constraint: "chunks_chunk_key_key" });
  });

  it("refuse a second api key with the same key_hash", async () => {
    const key = { name: "ci", key_hash: hex("e"), limit_per_minute: 60 };
    await t.db.insertInto("api_keys").values(key).execute();
    await expect(
      t.db
        .insertInto("api_keys")
        .values({ ...key, name: "other" })
        .execute(),
    ).rejects.toMatchObject({ code: "23505", constraint: "api_keys_key_hash_key" });
  });
});

describe("check constraints", () => {
  it("refuse an unknown index_status", async () => {
    const id = await insertTender();
    await expect(
      sql`UPDATE tenders SET index_status = 'done' WHERE id = ${id}`.execute(t.db),
    ).rejects.toMatchObject({ code: "23514", constraint: "tenders_index_status_check" });
  });

  it("refuse an unknown download_status", async () => {
    const id = await insertAttachment(await insertTender());
    await expect(
      sql`UPDATE attachments SET download_status = 'downloading' WHERE id = ${id}`.execute(t.db),
    ).rejects.toMatchObject({ code: "23514", constraint: "attachments_download_status_check" });
  });

  it("refuse a negative amount", async () => {
    await expect(insertTender({ amount: "-0.01" })).rejects.toMatchObject({
      code: "23514",
      constraint: "tenders_amount_non_negative",
    });
  });

  it("refuse an amount with more than 18 integer digits", async () => {
    await expect(insertTender({ amount: "1000000000000000000" })).rejects.toMatchObject({ code: "22003" });
  });

  it("read amounts back with exactly two fraction digits, the form the contracts normalize to", async () => {
    const cases = {
      "1500": "1500.00",
      "1500.5": "1500.50",
      "0": "0.00",
      "999999999999999999.99": "999999999999999999.99",
    };
    for (const [written, read] of Object.entries(cases)) {
      const id = await insertTender({ amount: written });
      const row = await t.db
        .selectFrom("tenders")
        .select("amount")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row.amount).toBe(read);
    }
  });

  it("refuse a currency that is not three upper-case letters", async () => {
    for (const currency of ["eur", "EURO", "E1R"]) {
      await expect(insertTender({ currency })).rejects.toMatchObject({
        code: "23514",
        constraint: "tenders_currency_format",
      });
    }
  });

  it("refuse an embedding of another dimension than 1024", async () => {
    const id = await insertTender();
    await expect(
      t.db
        .insertInto("chunks")
        .values(chunk(id, null, { vector: unitVector(0, 1023) }))
        .execute(),
    ).rejects.toMatchObject({ code: "22000", message: expect.stringMatching(/expected 1024 dimensions/) });
  });

  it("refuse a ready attachment without sha256, local_path or size", async () => {
    const tenderId = await insertTender();
    await expect(
      insertAttachment(tenderId, { download_status: "ready", local_path: "a/b.pdf", size_bytes: 10 }),
    ).rejects.toMatchObject({ code: "23514", constraint: "attachments_ready_has_file" });
    const id = await insertAttachment(tenderId);
    await expect(
      t.db.updateTable("attachments").set({ download_status: "ready" }).where("id", "=", id).execute(),
    ).rejects.toMatchObject({ code: "23514", constraint: "attachments_ready_has_file" });
  });
});

describe("foreign keys", () => {
  it("refuse a chunk citing an attachment of another tender", async () => {
    const a = await insertTender();
    const b = await insertTender();
    const attachmentOfB = await insertAttachment(b);
    await expect(t.db.insertInto("chunks").values(chunk(a, attachmentOfB)).execute()).rejects.toMatchObject({
      code: "23503",
      constraint: "chunks_attachment_fkey",
    });
  });

  it("refuse a tender of an unknown source", async () => {
    await expect(insertTender({ source_id: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({
      code: "23503",
      constraint: "tenders_source_id_fkey",
    });
  });

  it("delete a tender's attachments and chunks with the tender", async () => {
    const id = await insertTender();
    const att = await insertAttachment(id);
    await t.db
      .insertInto("chunks")
      .values([chunk(id, null), chunk(id, att)])
      .execute();
    const other = await insertTender();
    await t.db.insertInto("chunks").values(chunk(other, null)).execute();

    await t.db.deleteFrom("tenders").where("id", "=", id).execute();
    expect(await countRows("attachments", id)).toBe(0);
    expect(await countRows("chunks", id)).toBe(0);
    expect(await countRows("chunks", other)).toBe(1);
  });

  it("delete an attachment's chunks with the attachment, keeping the metadata chunks", async () => {
    const id = await insertTender();
    const att = await insertAttachment(id);
    await t.db
      .insertInto("chunks")
      .values([chunk(id, null), chunk(id, att, { position: 1 }), chunk(id, att, { position: 2 })])
      .execute();

    await t.db.deleteFrom("attachments").where("id", "=", att).execute();
    const left = await t.db
      .selectFrom("chunks")
      .select("attachment_id")
      .where("tender_id", "=", id)
      .execute();
    expect(left).toEqual([{ attachment_id: null }]);
  });
});
