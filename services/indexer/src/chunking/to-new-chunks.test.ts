import { fakeEmbed } from "@tender/ai";
import { chunkKey, sha256Hex } from "@tender/contracts";
import { describe, expect, it } from "vitest";
import { toChunkDrafts } from "./to-chunk-drafts.js";
import { toNewChunks } from "./to-new-chunks.js";

const TENDER = "3f2b8c1e-6c4d-4e0a-9a57-2f1d7c9b0e11";
const target = { tenderId: TENDER, embeddingModel: "fake-hash-1024" };

describe("toNewChunks", () => {
  it("numbers chunks per attachment, drops drafts without a vector and keys them per docs/records.md#chunks-and-chunk-keys", () => {
    const drafts = toChunkDrafts(target, [
      { attachmentId: null, section: "metadata", text: "Road repair\nBuyer: Tartu" },
      { attachmentId: "a1", section: "x.pdf · page 1", text: "— … —" },
      { attachmentId: "a1", section: "x.pdf · page 2", text: "Asphalt  works.\r\n" },
      { attachmentId: "a2", section: "y.pdf · page 1", text: "Bridge deck." },
    ]);
    expect(drafts.map((d) => d.content)).toEqual([
      "Road repair\nBuyer: Tartu",
      "— … —",
      "Asphalt works.",
      "Bridge deck.",
    ]);
    const vectors = drafts.map((d) => fakeEmbed(d.content));
    expect(vectors[1]).toBeNull();

    const chunks = toNewChunks(drafts, vectors, "fake-hash-1024");
    expect(chunks.map((c) => [c.position, c.section, c.attachmentId])).toEqual([
      [0, "metadata", null],
      [1, "x.pdf · page 2", "a1"],
      [0, "y.pdf · page 1", "a2"],
    ]);
    const second = chunks[1];
    expect(second?.contentHash).toBe(sha256Hex("Asphalt works."));
    expect(second?.chunkKey).toBe(sha256Hex(`${TENDER}:a1:1:${sha256Hex("Asphalt works.")}:fake-hash-1024`));
    expect(second?.chunkKey).toBe(
      chunkKey({
        tenderId: TENDER,
        attachmentId: "a1",
        position: 1,
        content: "Asphalt works.",
        embeddingModel: "fake-hash-1024",
      }),
    );
  });

  it("keeps an attachment's keys when another attachment arrives before it", () => {
    const b = { attachmentId: "b", section: "b.pdf", text: "Bridge deck repair." };
    const alone = toChunkDrafts(target, [b]);
    const after = toChunkDrafts(target, [{ attachmentId: "a", section: "a.pdf", text: "Lighting." }, b]);
    expect(after[1]?.chunkKey).toBe(alone[0]?.chunkKey);
  });
});
