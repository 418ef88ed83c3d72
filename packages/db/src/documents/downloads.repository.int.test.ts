import { createTestDatabase, type TestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureSource } from "../ingest/sources.repository.js";
import { upsertTender } from "../ingest/tenders.repository.js";
import {
  listAttachmentsForTender,
  markAttachmentReady,
  syncTenderAttachments,
} from "./attachments.repository.js";
import type { AttachmentRow } from "./attachments.table.js";
import {
  clearDownloadBackoff,
  deferBackedOffDownloads,
  findTenderSourceCode,
  lockTenderRow,
  recordDownloadFailure,
  updateAttachmentFileInfo,
} from "./downloads.repository.js";

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

describe("download backoff", () => {
  const HOUR = 3_600_000;
  const backoff = { firstMs: HOUR, maxMs: 5 * HOUR };
  const url = (name: string) => `https://ted.europa.eu/backoff/${name}.pdf`;
  const doc = (name: string) => ({
    external_id: null,
    title: null,
    filename: `${name}.pdf`,
    source_url: url(name),
    content_type: null,
  });
  const row = async (name: string): Promise<AttachmentRow> => {
    const found = (await listAttachmentsForTender(t.db, tenderId)).find((a) => a.source_url === url(name));
    if (!found) throw new Error(`no attachment ${name}`);
    return found;
  };
  /** Hours from the database's now() to the attachment's next try. */
  const hoursAhead = async (id: string) =>
    Number(
      (
        await sql<{ hours: string }>`
          SELECT extract(epoch FROM next_download_at - now()) / 3600 AS hours
          FROM attachments WHERE id = ${id}`.execute(t.db)
      ).rows[0]?.hours,
    );
  const list = ["x", "gone", "due", "fresh", "done"];

  it("records each failure with a pause that doubles up to the longest", async () => {
    await t.db.transaction().execute((trx) => syncTenderAttachments(trx, tenderId, list.map(doc)));
    const gone = await row("gone");
    expect(gone).toMatchObject({ download_failures: 0, next_download_at: null });

    const hours: number[] = [];
    for (let failure = 1; failure <= 5; failure++) {
      expect(await recordDownloadFailure(t.db, gone.id, `HTTP 404 (${failure})`, backoff)).toBe(true);
      expect(await row("gone")).toMatchObject({
        download_status: "failed",
        last_error: `HTTP 404 (${failure})`,
        download_failures: failure,
      });
      hours.push(Math.round(await hoursAhead(gone.id)));
    }
    expect(hours).toEqual([1, 2, 4, 5, 5]);
    // A skipped or ready attachment is not marked failed.
    const done = await row("done");
    await markAttachmentReady(t.db, done.id, { localPath: "t/done", sizeBytes: 1, sha256: "b".repeat(64) });
    expect(await recordDownloadFailure(t.db, done.id, "late failure", backoff)).toBe(false);
    expect(await row("done")).toMatchObject({
      download_status: "ready",
      last_error: null,
      download_failures: 0,
    });
  });

  it("defers only pending attachments whose next try is ahead, keeping their error", async () => {
    const due = await row("due");
    const fresh = await row("fresh");
    const gone = await row("gone");
    await recordDownloadFailure(t.db, due.id, "HTTP 503", backoff);
    // Its pause is over: due for a new download.
    await sql`UPDATE attachments SET next_download_at = now() - interval '1 second' WHERE id = ${due.id}`.execute(
      t.db,
    );
    // A re-crawl lists every document again: only the failed one whose pause is over goes back
    // to pending (docs/records.md#states, on the backoff's schedule).
    await t.db.transaction().execute((trx) => syncTenderAttachments(trx, tenderId, list.map(doc)));
    expect((await row("gone")).download_status).toBe("failed");
    expect((await row("due")).download_status).toBe("pending");
    // A pending row whose next try is ahead (left by an earlier ingest that requeued on every crawl).
    await sql`UPDATE attachments SET download_status = 'pending' WHERE id = ${gone.id}`.execute(t.db);

    const deferred = await t.db.transaction().execute(async (trx) => {
      await lockTenderRow(trx, tenderId);
      return deferBackedOffDownloads(trx, tenderId);
    });
    expect(deferred).toEqual([
      { id: gone.id, download_failures: 5, next_download_at: (await row("gone")).next_download_at },
    ]);
    expect(await row("gone")).toMatchObject({ download_status: "failed", last_error: "HTTP 404 (5)" });
    expect(await row("due")).toMatchObject({ download_status: "pending", download_failures: 1 });
    expect(await row("fresh")).toMatchObject({ download_status: "pending", download_failures: 0 });
    expect(fresh.next_download_at).toBeNull();
  });

  it("forgets the failures once the file is downloaded", async () => {
    const due = await row("due");
    await markAttachmentReady(t.db, due.id, { localPath: "t/due", sizeBytes: 1, sha256: "c".repeat(64) });
    await clearDownloadBackoff(t.db, due.id);
    expect(await row("due")).toMatchObject({
      download_status: "ready",
      last_error: null,
      download_failures: 0,
      next_download_at: null,
    });
  });
});
