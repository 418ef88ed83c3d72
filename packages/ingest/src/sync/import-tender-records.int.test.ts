import { emptyTables, useTestDatabase } from "@tender/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { importTenderRecords } from "./import-tender-records.js";

const testDb = useTestDatabase();
const subject = "timport.tender.changed.v1";

const record = (id: string, overrides: Record<string, unknown> = {}) => ({
  source: "ted",
  external_id: id,
  title: `Tender ${id}`,
  description: null,
  buyer_name: "City of Lyon",
  amount: "1250.5",
  currency: "EUR",
  published_at: "2026-05-28T22:00:00Z",
  deadline: null,
  source_url: `https://ted.europa.eu/en/notice/-/detail/${id}`,
  attachments: [
    {
      external_id: null,
      title: null,
      filename: `${id}-en.pdf`,
      source_url: `https://ted.europa.eu/en/notice/${id}/pdf`,
      content_type: "application/pdf",
    },
  ],
  raw_payload: { "publication-number": id },
  ...overrides,
});

const lines = (...items: unknown[]) =>
  items.map((item) => (typeof item === "string" ? item : JSON.stringify(item)));

beforeEach(async () => {
  await emptyTables(testDb.db, ["sources", "outbox", "quarantined_records"]);
});

describe("importTenderRecords", () => {
  it("stores valid lines with events and quarantines invalid ones by line number", async () => {
    const input = lines(
      record("1-2026"),
      "",
      record("2-2026", { buyer_name: "  " }),
      "{not json",
      record("3-2026", { source: "contracts_finder" }),
      record("4-2026", { amount: "-1" }),
      record("5-2026"),
    );
    const report = await importTenderRecords(testDb.db, {
      sourceCode: "ted",
      lines: input,
      subject,
      batchSize: 2,
    });
    expect(report).toMatchObject({
      records: 6,
      created: 2,
      changed: 0,
      unchanged: 0,
      quarantined: 4,
      events: 2,
    });
    expect(report.rejected).toEqual([
      { line: 3, externalId: "2-2026", reason: "buyer_name: Must not be empty or whitespace only" },
      { line: 4, externalId: null, reason: expect.stringMatching(/^not JSON: /) },
      { line: 5, externalId: "3-2026", reason: 'source: record says "contracts_finder", --source is "ted"' },
      { line: 6, externalId: "4-2026", reason: "amount: Amount must not be negative" },
    ]);
    const quarantined = await testDb.db
      .selectFrom("quarantined_records")
      .select(["reason", "raw_payload"])
      .orderBy("reason")
      .execute();
    expect(quarantined.map((q) => q.reason)).toEqual([
      "line 3: buyer_name: Must not be empty or whitespace only",
      expect.stringMatching(/^line 4: not JSON: /),
      'line 5: source: record says "contracts_finder", --source is "ted"',
      "line 6: amount: Amount must not be negative",
    ]);
    expect(quarantined[1]?.raw_payload).toBe("{not json");
    const tenders = await testDb.db
      .selectFrom("tenders")
      .select(["external_id", "amount", "index_status"])
      .orderBy("external_id")
      .execute();
    expect(tenders).toEqual([
      { external_id: "1-2026", amount: "1250.50", index_status: "pending" },
      { external_id: "5-2026", amount: "1250.50", index_status: "pending" },
    ]);
    const attachments = await testDb.db.selectFrom("attachments").select("download_status").execute();
    expect(attachments.map((a) => a.download_status)).toEqual(["pending", "pending"]);
  });

  it("is idempotent, and a changed line emits one event", async () => {
    await importTenderRecords(testDb.db, {
      sourceCode: "ted",
      lines: lines(record("1-2026"), record("2-2026")),
      subject,
    });
    const again = await importTenderRecords(testDb.db, {
      sourceCode: "ted",
      lines: lines(record("1-2026"), record("2-2026", { title: "Renamed" })),
      subject,
    });
    expect(again).toMatchObject({ created: 0, changed: 1, unchanged: 1, events: 1, quarantined: 0 });
    const events = await testDb.db.selectFrom("outbox").select("id").where("subject", "=", subject).execute();
    expect(events).toHaveLength(3);
    // The import never touches the sync cursor.
    const source = await testDb.db.selectFrom("sources").selectAll().executeTakeFirstOrThrow();
    expect([source.cursor, source.last_sync_at]).toEqual([null, null]);
  });

  it("commits nothing of a batch that fails in the database", async () => {
    const input = lines(record("1-2026"), record("2-2026"));
    // A source code the sources table refuses makes the batch's transaction fail.
    await expect(
      importTenderRecords(testDb.db, { sourceCode: "Bad Code", lines: input, subject }),
    ).rejects.toThrow();
    expect(await testDb.db.selectFrom("tenders").select("id").execute()).toEqual([]);
    expect(await testDb.db.selectFrom("quarantined_records").select("id").execute()).toEqual([]);
  });
});
