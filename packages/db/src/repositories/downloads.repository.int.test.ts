import { createTestDatabase, type TestDatabase } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAttachmentsForTender, syncTenderAttachments } from "./attachments.repository.js";
import { findTenderSourceCode, lockTenderRow, updateAttachmentFileInfo } from "./downloads.repository.js";
import { ensureSource } from "./sources.repository.js";
import { upsertTender } from "./tenders.repository.js";

let t: TestDatabase;
let tenderId: string;
const missing = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  t = await createTestDatabase();
  const source = await ensureSource(t.db, "ted");
  ({ id: tenderId } = await upsertTender(t.db, {
    sourceId: source.id,
    external_id: "821062-2025",
    title: "Servizi di pulizia",
    description: null,
    buyer_name: "Comune di Milano",
    amount: null,
    currency: null,
    published_at: "2025-12-01T00:00:00Z",
    deadline: null,
    source_url: "https://ted.europa.eu/en/notice/-/detail/821062-2025",
    contentHash: "a".repeat(64),
    rawPayload: {},
  }));
  await syncTenderAttachments(t.db, tenderId, [
    {
      external_id: null,
      title: null,
      filename: "notice",
      source_url: "https://ted.europa.eu/x.pdf",
      content_type: null,
    },
  ]);
});
afterAll(async () => t.destroy());

describe("downloads repository", () => {
  it("finds the source code of a tender", async () => {
    expect(await findTenderSourceCode(t.db, tenderId)).toBe("ted");
    expect(await findTenderSourceCode(t.db, missing)).toBeUndefined();
  });

  it("updates filename and content type only when they differ", async () => {
    const [row] = await listAttachmentsForTender(t.db, tenderId);
    if (!row) throw new Error("no attachment");
    expect(await updateAttachmentFileInfo(t.db, row.id, { filename: "notice", contentType: null })).toBe(
      false,
    );
    expect(
      await updateAttachmentFileInfo(t.db, row.id, { filename: "bando.pdf", contentType: "application/pdf" }),
    ).toBe(true);
    expect(
      await updateAttachmentFileInfo(t.db, row.id, { filename: "bando.pdf", contentType: "application/pdf" }),
    ).toBe(false);
    const [after] = await listAttachmentsForTender(t.db, tenderId);
    expect([after?.filename, after?.content_type]).toEqual(["bando.pdf", "application/pdf"]);
  });

  it("locks the tender row until the transaction ends", async () => {
    expect(await t.db.transaction().execute((trx) => lockTenderRow(trx, missing))).toBe(false);
    const order: string[] = [];
    const held = Promise.withResolvers<void>();
    const locked = Promise.withResolvers<void>();
    const first = t.db.transaction().execute(async (trx) => {
      await lockTenderRow(trx, tenderId);
      locked.resolve();
      await held.promise;
      order.push("first commits");
    });
    await locked.promise;
    const second = t.db.transaction().execute(async (trx) => {
      await lockTenderRow(trx, tenderId);
      order.push("second holds the lock");
    });
    // The second transaction can only get the lock once the first ended.
    setTimeout(() => held.resolve(), 200);
    await Promise.all([first, second]);
    expect(order).toEqual(["first commits", "second holds the lock"]);
  });
});
