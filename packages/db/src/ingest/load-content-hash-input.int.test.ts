import { contentHash, type TenderRecordV1, toContentHashInput } from "@tender/contracts";
import { useTestDatabase } from "@tender/testing";
import { describe, expect, it } from "vitest";
import {
  type AttachmentInput,
  listAttachmentsForTender,
  markAttachmentFailed,
  markAttachmentReady,
  syncTenderAttachments,
} from "../documents/attachments.repository.js";
import { loadContentHashInput } from "./load-content-hash-input.js";
import { findTenderById, setTenderContentHash, upsertTender } from "./tenders.repository.js";

const t = useTestDatabase({ source: "contracts_finder" });

const doc = (url: string, over: Partial<AttachmentInput> = {}): AttachmentInput => ({
  external_id: "ignored-by-the-hash",
  title: `Title of ${url}`,
  filename: "file.pdf",
  source_url: url,
  content_type: "application/pdf",
  ...over,
});

describe("loadContentHashInput", () => {
  it("returns the significant fields and the non-skipped attachments in code-unit order of source_url", async () => {
    const { id } = await upsertTender(t.db, {
      sourceId: t.sourceId,
      external_id: "CF-1",
      title: "Road repair",
      description: "Resurfacing",
      buyer_name: "City of Leeds",
      amount: "1500.50",
      currency: "GBP",
      published_at: "2024-05-01T10:00:00Z",
      deadline: "2024-06-01T12:30:00.123Z",
      source_url: "https://example.org/notice/CF-1",
      contentHash: "a".repeat(64),
      rawPayload: { not: "hashed" },
    });
    // Upper case sorts before lower case by code unit, unlike most database collations.
    const urls = {
      ready: "https://example.org/b.pdf",
      pending: "https://example.org/B.pdf",
      failed: "https://example.org/a.pdf",
      skipped: "https://example.org/0.pdf",
    };
    await syncTenderAttachments(t.db, id, [
      doc(urls.ready),
      doc(urls.pending, { title: null, content_type: null }),
      doc(urls.failed),
      doc(urls.skipped),
    ]);
    const rows = Object.fromEntries(
      (await listAttachmentsForTender(t.db, id)).map((r) => [r.source_url, r.id]),
    );
    await markAttachmentReady(t.db, rows[urls.ready] ?? "", {
      localPath: "x",
      sizeBytes: 1,
      sha256: "f".repeat(64),
    });
    await markAttachmentFailed(t.db, rows[urls.failed] ?? "", "HTTP 500");
    await syncTenderAttachments(t.db, id, [
      doc(urls.ready),
      doc(urls.pending, { title: null, content_type: null }),
      doc(urls.failed),
    ]);

    expect(await loadContentHashInput(t.db, id)).toEqual({
      source: "contracts_finder",
      external_id: "CF-1",
      title: "Road repair",
      description: "Resurfacing",
      buyer_name: "City of Leeds",
      amount: "1500.50",
      currency: "GBP",
      published_at: "2024-05-01T10:00:00.000Z",
      deadline: "2024-06-01T12:30:00.123Z",
      source_url: "https://example.org/notice/CF-1",
      attachments: [
        { source_url: urls.pending, filename: "file.pdf", title: null, content_type: null, sha256: null },
        {
          source_url: urls.failed,
          filename: "file.pdf",
          title: `Title of ${urls.failed}`,
          content_type: "application/pdf",
          sha256: null,
        },
        {
          source_url: urls.ready,
          filename: "file.pdf",
          title: `Title of ${urls.ready}`,
          content_type: "application/pdf",
          sha256: "f".repeat(64),
        },
      ],
    });
  });

  it("returns null fields as null and an empty attachment list", async () => {
    const { id } = await upsertTender(t.db, {
      sourceId: t.sourceId,
      external_id: "CF-2",
      title: "Snow clearing",
      description: null,
      buyer_name: "City of York",
      amount: null,
      currency: null,
      published_at: "2024-12-31T23:59:59.999Z",
      deadline: null,
      source_url: "https://example.org/notice/CF-2",
      contentHash: "b".repeat(64),
      rawPayload: {},
    });
    expect(await loadContentHashInput(t.db, id)).toMatchObject({
      description: null,
      amount: null,
      currency: null,
      published_at: "2024-12-31T23:59:59.999Z",
      deadline: null,
      attachments: [],
    });
  });

  it("hashes like the record it was stored from, until a download adds a file digest", async () => {
    const record: TenderRecordV1 = {
      source: "contracts_finder",
      external_id: "CF-3",
      title: "Bridge inspection",
      description: "Two bridges",
      buyer_name: "City of Hull",
      amount: "99.90",
      currency: "GBP",
      published_at: "2024-03-04T05:06:07.000Z",
      deadline: null,
      source_url: "https://example.org/notice/CF-3",
      attachments: [doc("https://example.org/z.pdf"), doc("https://example.org/Y.pdf", { title: null })],
      raw_payload: { id: "CF-3" },
    };
    const fromRecord = contentHash(toContentHashInput(record));
    const { id } = await upsertTender(t.db, {
      ...record,
      sourceId: t.sourceId,
      contentHash: fromRecord,
      rawPayload: record.raw_payload,
    });
    await syncTenderAttachments(t.db, id, record.attachments);
    const stored = await loadContentHashInput(t.db, id);
    expect(stored && contentHash(stored)).toBe(fromRecord);

    const z = (await listAttachmentsForTender(t.db, id)).find(
      (a) => a.source_url === "https://example.org/z.pdf",
    );
    await markAttachmentReady(t.db, z?.id ?? "", { localPath: "z", sizeBytes: 3, sha256: "e".repeat(64) });
    const afterDownload = await loadContentHashInput(t.db, id);
    const newHash = afterDownload ? contentHash(afterDownload) : "";
    expect(newHash).toMatch(/^[0-9a-f]{64}$/);
    expect(newHash).not.toBe(fromRecord);
    expect(await setTenderContentHash(t.db, id, newHash)).toBe(true);
    expect(await findTenderById(t.db, id)).toMatchObject({ content_hash: newHash, index_status: "pending" });
  });

  it("returns undefined for an unknown tender", async () => {
    expect(await loadContentHashInput(t.db, "00000000-0000-4000-8000-000000000000")).toBeUndefined();
  });
});
