import { createHash } from "node:crypto";
import { upsertTenderInput, useTestDatabase } from "@tender/testing";
import { describe, expect, it } from "vitest";
import { syncTenderAttachments } from "../documents/attachments.repository.js";
import { upsertTender } from "../ingest/tenders.repository.js";
import { countChunks, listChunksForTender, type NewChunk, replaceTenderChunks } from "./chunks.repository.js";

const t = useTestDatabase({ source: "ted" });

const sha = (s: string) => createHash("sha256").update(s).digest("hex");

/** A deterministic, L2-normalized 1024-dim vector with values that float4 cannot hold exactly. */
function vector(seed: number, dims = 1024): number[] {
  const raw = Array.from({ length: dims }, (_, i) => Math.sin(seed * 1000 + i * 1.7) / 3);
  const norm = Math.hypot(...raw);
  return raw.map((v) => v / norm);
}

const newTender = async () => (await upsertTender(t.db, upsertTenderInput(t.sourceId))).id;

function chunk(tenderId: string, attachmentId: string | null, position: number, content: string): NewChunk {
  return {
    attachmentId,
    chunkKey: sha(`${tenderId}:${attachmentId ?? "metadata"}:${position}:${sha(content)}:fake-hash-1024`),
    content,
    embedding: vector(position + (attachmentId ? 100 : 0)),
    embeddingModel: "fake-hash-1024",
    position,
    section: attachmentId ? "attachment" : "metadata",
    contentHash: sha(content),
  };
}

describe("chunks repository", () => {
  it("round-trips chunks: fields as written, embeddings equal within float4 precision", async () => {
    const id = await newTender();
    await syncTenderAttachments(t.db, id, [
      {
        external_id: null,
        title: null,
        filename: "a.pdf",
        source_url: "https://example.org/a.pdf",
        content_type: null,
      },
    ]);
    const attachmentId = (
      await t.db.selectFrom("attachments").select("id").where("tender_id", "=", id).executeTakeFirstOrThrow()
    ).id;
    const written = [
      chunk(id, attachmentId, 1, "Second page of the specification"),
      chunk(id, null, 0, "Road repair — City of Tartu"),
      chunk(id, attachmentId, 0, "First page of the specification"),
    ];
    expect(await replaceTenderChunks(t.db, id, written)).toEqual({ deleted: 0, inserted: 3 });

    const stored = await listChunksForTender(t.db, id);
    // Metadata first, then the attachment's chunks by position.
    const expected = [written[1], written[2], written[0]] as NewChunk[];
    expect(stored).toHaveLength(3);
    stored.forEach((row, i) => {
      const w = expected[i] as NewChunk;
      expect(row).toMatchObject({
        tender_id: id,
        attachment_id: w.attachmentId,
        chunk_key: w.chunkKey,
        content: w.content,
        embedding_model: "fake-hash-1024",
        position: w.position,
        section: w.section,
        content_hash: w.contentHash,
      });
      expect(row.embedding).toHaveLength(1024);
      row.embedding.forEach((v, j) => {
        expect(Math.abs(v - (w.embedding[j] as number))).toBeLessThan(1e-7);
      });
    });
  });

  it("replaces every chunk of the tender and leaves other tenders alone", async () => {
    const id = await newTender();
    const other = await newTender();
    await replaceTenderChunks(t.db, other, [chunk(other, null, 0, "other tender")]);
    await replaceTenderChunks(t.db, id, [chunk(id, null, 0, "v1 a"), chunk(id, null, 1, "v1 b")]);

    const second = [chunk(id, null, 0, "v2 a"), chunk(id, null, 1, "v2 b"), chunk(id, null, 2, "v2 c")];
    expect(await replaceTenderChunks(t.db, id, second)).toEqual({ deleted: 2, inserted: 3 });
    expect((await listChunksForTender(t.db, id)).map((c) => c.content)).toEqual(["v2 a", "v2 b", "v2 c"]);
    expect(await countChunks(t.db, other)).toBe(1);

    // The same chunks again (same chunk keys): the delete comes first, so no unique violation.
    expect(await replaceTenderChunks(t.db, id, second)).toEqual({ deleted: 3, inserted: 3 });
    expect(await replaceTenderChunks(t.db, id, [])).toEqual({ deleted: 3, inserted: 0 });
    expect(await countChunks(t.db, id)).toBe(0);
  });

  it("writes more chunks than one insert batch, in order", async () => {
    const id = await newTender();
    const many = Array.from({ length: 250 }, (_, i) => chunk(id, null, i, `chunk number ${i}`));
    await replaceTenderChunks(t.db, id, many);
    expect(await countChunks(t.db, id)).toBe(250);
    expect((await listChunksForTender(t.db, id)).map((c) => c.position)).toEqual(many.map((c) => c.position));
  });

  it("a rejected vector inside the caller's transaction keeps the previous chunks", async () => {
    const id = await newTender();
    await replaceTenderChunks(t.db, id, [chunk(id, null, 0, "kept")]);
    const bad = { ...chunk(id, null, 1, "short vector"), embedding: vector(1, 512) };
    await expect(
      t.db.transaction().execute((trx) => replaceTenderChunks(trx, id, [chunk(id, null, 0, "new"), bad])),
    ).rejects.toMatchObject({ code: "22000" });
    expect((await listChunksForTender(t.db, id)).map((c) => c.content)).toEqual(["kept"]);
  });

  it("countChunks without a tender counts every chunk", async () => {
    const total = await countChunks(t.db);
    const id = await newTender();
    await replaceTenderChunks(t.db, id, [chunk(id, null, 0, "one"), chunk(id, null, 1, "two")]);
    expect(await countChunks(t.db)).toBe(total + 2);
  });
});
