import { upsertTenderInput, useTestDatabase } from "@tender/testing";
import { describe, expect, it } from "vitest";
import { createDb } from "../create-db.js";
import { upsertTender } from "../ingest/tenders.repository.js";
import {
  type AttachmentInput,
  countAttachmentsByDownloadStatus,
  listAttachmentsForTender,
  listPendingAttachments,
  markAttachmentFailed,
  markAttachmentReady,
  syncTenderAttachments,
} from "./attachments.repository.js";
import type { AttachmentRow } from "./attachments.table.js";
import { updateAttachmentFileInfo } from "./downloads.repository.js";

const t = useTestDatabase({ source: "ted" });

const newTender = async () => (await upsertTender(t.db, upsertTenderInput(t.sourceId))).id;

const doc = (name: string, over: Partial<AttachmentInput> = {}): AttachmentInput => ({
  external_id: null,
  title: `Document ${name}`,
  filename: `${name}.pdf`,
  source_url: `https://example.org/files/${name}.pdf`,
  content_type: "application/pdf",
  ...over,
});

const file = (c: string) => ({ localPath: `attachments/${c}.pdf`, sizeBytes: 1234, sha256: c.repeat(64) });

async function byName(tenderId: string): Promise<Record<string, AttachmentRow>> {
  const rows = await listAttachmentsForTender(t.db, tenderId);
  return Object.fromEntries(rows.map((r) => [r.filename.replace(".pdf", ""), r]));
}

const noCounts = { inserted: 0, updated: 0, requeued: 0, unchanged: 0, skipped: 0 };

describe("syncTenderAttachments (docs/records.md#states)", () => {
  it("registers new URLs as pending", async () => {
    const id = await newTender();
    expect(await syncTenderAttachments(t.db, id, [doc("a"), doc("b")])).toEqual({ ...noCounts, inserted: 2 });
    const rows = await byName(id);
    expect(rows.a).toMatchObject({
      download_status: "pending",
      title: "Document a",
      content_type: "application/pdf",
      local_path: null,
      sha256: null,
    });
    expect(rows.b?.download_status).toBe("pending");
  });

  it("leaves listed rows alone when nothing changed, and updates changed metadata keeping the status", async () => {
    const id = await newTender();
    await syncTenderAttachments(t.db, id, [doc("a"), doc("b")]);
    const a = (await byName(id)).a as AttachmentRow;
    expect(await markAttachmentReady(t.db, a.id, file("1"))).toBe(true);
    const before = await byName(id);

    expect(await syncTenderAttachments(t.db, id, [doc("a"), doc("b")])).toEqual({
      ...noCounts,
      unchanged: 2,
    });
    expect(await byName(id)).toEqual(before);

    const renamed = [
      doc("a", { title: "Specification", external_id: "att-1" }),
      doc("b", { content_type: null }),
    ];
    expect(await syncTenderAttachments(t.db, id, renamed)).toEqual({ ...noCounts, updated: 2 });
    const after = await byName(id);
    expect(after.a).toMatchObject({ title: "Specification", external_id: "att-1", download_status: "ready" });
    expect(after.a?.sha256).toBe("1".repeat(64));
    expect(after.b).toMatchObject({ content_type: null, download_status: "pending" });
  });

  it("keeps the filename and content type a download stored on a ready row; title and external id follow upstream", async () => {
    const id = await newTender();
    await syncTenderAttachments(t.db, id, [doc("a"), doc("b")]);
    const a = (await byName(id)).a as AttachmentRow;
    expect(await markAttachmentReady(t.db, a.id, file("c"))).toBe(true);
    const docx = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
    expect(await updateAttachmentFileInfo(t.db, a.id, { filename: "Spec.docx", contentType: docx })).toBe(
      true,
    );
    const stored = async () => (await listAttachmentsForTender(t.db, id)).find((r) => r.id === a.id);

    // Upstream still lists its own name and type: not a change of the ready row.
    expect(await syncTenderAttachments(t.db, id, [doc("a"), doc("b")])).toEqual({
      ...noCounts,
      unchanged: 2,
    });
    expect(await stored()).toMatchObject({ filename: "Spec.docx", content_type: docx });
    const renamed = [doc("a", { filename: "other.pdf", content_type: "text/plain", title: "Specification" })];
    expect(await syncTenderAttachments(t.db, id, [...renamed, doc("b")])).toEqual({
      ...noCounts,
      updated: 1,
      unchanged: 1,
    });
    expect(await stored()).toMatchObject({
      title: "Specification",
      filename: "Spec.docx",
      content_type: docx,
      download_status: "ready",
      sha256: "c".repeat(64),
    });

    // Once it is no longer ready, upstream metadata applies again.
    await syncTenderAttachments(t.db, id, [doc("b")]);
    expect(await syncTenderAttachments(t.db, id, renamed)).toMatchObject({ requeued: 1 });
    expect(await stored()).toMatchObject({
      filename: "other.pdf",
      content_type: "text/plain",
      download_status: "pending",
      sha256: null,
    });
  });

  it("moves URLs that disappeared to skipped, ready ones too, keeping their file", async () => {
    const id = await newTender();
    await syncTenderAttachments(t.db, id, [doc("ready"), doc("pending"), doc("failed"), doc("kept")]);
    const rows = await byName(id);
    await markAttachmentReady(t.db, rows.ready?.id ?? "", file("2"));
    await markAttachmentFailed(t.db, rows.failed?.id ?? "", "HTTP 503");

    expect(await syncTenderAttachments(t.db, id, [doc("kept")])).toEqual({
      ...noCounts,
      unchanged: 1,
      skipped: 3,
    });
    const after = await byName(id);
    expect(after.ready).toMatchObject({
      download_status: "skipped",
      sha256: "2".repeat(64),
      local_path: "attachments/2.pdf",
    });
    expect(after.pending?.download_status).toBe("skipped");
    expect(after.failed?.download_status).toBe("skipped");
    expect(after.kept?.download_status).toBe("pending");

    // Already skipped rows are not counted again.
    expect(await syncTenderAttachments(t.db, id, [doc("kept")])).toEqual({ ...noCounts, unchanged: 1 });
  });

  it("an empty list skips every attachment", async () => {
    const id = await newTender();
    await syncTenderAttachments(t.db, id, [doc("a"), doc("b")]);
    expect(await syncTenderAttachments(t.db, id, [])).toEqual({ ...noCounts, skipped: 2 });
    expect(Object.values(await byName(id)).map((r) => r.download_status)).toEqual(["skipped", "skipped"]);
  });

  it("a skipped URL that returns goes back to pending without its old file's digest, naming it for deletion", async () => {
    const id = await newTender();
    await syncTenderAttachments(t.db, id, [doc("a")]);
    await markAttachmentReady(t.db, (await byName(id)).a?.id ?? "", file("3"));
    await syncTenderAttachments(t.db, id, []);

    expect(await syncTenderAttachments(t.db, id, [doc("a")])).toEqual({ ...noCounts, requeued: 1 });
    expect((await byName(id)).a).toMatchObject({
      download_status: "pending",
      local_path: file("3").localPath,
      sha256: null,
      size_bytes: null,
    });
  });

  it("a failed attachment of a re-crawled tender goes back to pending, keeping the error until a download succeeds", async () => {
    const id = await newTender();
    await syncTenderAttachments(t.db, id, [doc("a")]);
    const a = (await byName(id)).a as AttachmentRow;
    expect(await markAttachmentFailed(t.db, a.id, "HTTP 404")).toBe(true);

    expect(await syncTenderAttachments(t.db, id, [doc("a")])).toEqual({ ...noCounts, requeued: 1 });
    expect((await byName(id)).a).toMatchObject({ download_status: "pending", last_error: "HTTP 404" });
    expect(await markAttachmentReady(t.db, a.id, file("4"))).toBe(true);
    expect((await byName(id)).a).toMatchObject({ download_status: "ready", last_error: null });
  });

  it("counts a URL listed twice once, with the first item's metadata", async () => {
    const id = await newTender();
    const counts = await syncTenderAttachments(t.db, id, [doc("a"), doc("a", { title: "second" })]);
    expect(counts).toEqual({ ...noCounts, inserted: 1 });
    expect((await byName(id)).a?.title).toBe("Document a");
  });

  it("concurrent syncs of one tender, each in its transaction, insert each URL once", async () => {
    const id = await newTender();
    const list = [doc("a"), doc("b"), doc("c")];
    const wide = createDb(t.url, { max: 5 });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        wide.transaction().execute((trx) => syncTenderAttachments(trx, id, list)),
      ),
    ).finally(() => wide.destroy());
    expect(results.reduce((n, r) => n + r.inserted, 0)).toBe(3);
    expect(results.reduce((n, r) => n + r.inserted + r.unchanged, 0)).toBe(15);
    expect(await listAttachmentsForTender(t.db, id)).toHaveLength(3);
  });
});

describe("download results", () => {
  it("pending → ready sets the file columns", async () => {
    const id = await newTender();
    await syncTenderAttachments(t.db, id, [doc("a")]);
    const a = (await byName(id)).a as AttachmentRow;
    expect(await markAttachmentReady(t.db, a.id, file("5"))).toBe(true);
    expect((await byName(id)).a).toMatchObject({
      download_status: "ready",
      local_path: "attachments/5.pdf",
      size_bytes: 1234,
      sha256: "5".repeat(64),
    });
    // ready is final for the downloader: neither a second success nor a late failure applies.
    expect(await markAttachmentReady(t.db, a.id, file("6"))).toBe(false);
    expect(await markAttachmentFailed(t.db, a.id, "late")).toBe(false);
    expect((await byName(id)).a?.sha256).toBe("5".repeat(64));
  });

  it("pending → failed keeps the error; failed → ready on a successful retry", async () => {
    const id = await newTender();
    await syncTenderAttachments(t.db, id, [doc("a")]);
    const a = (await byName(id)).a as AttachmentRow;
    expect(await markAttachmentFailed(t.db, a.id, "size limit exceeded")).toBe(true);
    expect((await byName(id)).a).toMatchObject({
      download_status: "failed",
      last_error: "size limit exceeded",
    });
    expect(await markAttachmentReady(t.db, a.id, file("7"))).toBe(true);
    expect((await byName(id)).a).toMatchObject({ download_status: "ready", last_error: null });
  });

  it("a download finishing after the URL was skipped does not apply", async () => {
    const id = await newTender();
    await syncTenderAttachments(t.db, id, [doc("a")]);
    const a = (await byName(id)).a as AttachmentRow;
    await syncTenderAttachments(t.db, id, []);
    expect(await markAttachmentReady(t.db, a.id, file("8"))).toBe(false);
    expect(await markAttachmentFailed(t.db, a.id, "x")).toBe(false);
    expect((await byName(id)).a).toMatchObject({ download_status: "skipped", sha256: null });
  });
});

describe("listing and counting", () => {
  it("listPendingAttachments returns the tender's pending rows only", async () => {
    const id = await newTender();
    await syncTenderAttachments(t.db, id, [doc("a"), doc("b"), doc("c")]);
    const rows = await byName(id);
    await markAttachmentReady(t.db, rows.a?.id ?? "", file("9"));
    await markAttachmentFailed(t.db, rows.b?.id ?? "", "x");
    const other = await newTender();
    await syncTenderAttachments(t.db, other, [doc("d")]);
    expect((await listPendingAttachments(t.db, id)).map((r) => r.filename)).toEqual(["c.pdf"]);
  });

  it("countAttachmentsByDownloadStatus counts every status", async () => {
    const before = await countAttachmentsByDownloadStatus(t.db);
    const id = await newTender();
    await syncTenderAttachments(t.db, id, [doc("a"), doc("b"), doc("c"), doc("d")]);
    const rows = await byName(id);
    await markAttachmentReady(t.db, rows.a?.id ?? "", file("a"));
    await markAttachmentFailed(t.db, rows.b?.id ?? "", "x");
    await syncTenderAttachments(t.db, id, [doc("a"), doc("b"), doc("c")]);
    await markAttachmentFailed(t.db, rows.b?.id ?? "", "again");
    expect(await countAttachmentsByDownloadStatus(t.db)).toEqual({
      pending: before.pending + 1,
      failed: before.failed + 1,
      ready: before.ready + 1,
      skipped: before.skipped + 1,
    });
  });
});
