import { chunkKey, sha256Hex } from "@tender/contracts";
import type { NewChunk } from "@tender/db";
import type { ChunkDraft } from "./to-chunk-drafts.js";

/**
 * Drafts with their vectors as rows to store. A draft without a vector (no tokens, or a zero
 * vector) is dropped; the rest are numbered 0.. in order, and keyed per decisions.md.
 */
export function toNewChunks(
  tenderId: string,
  drafts: readonly ChunkDraft[],
  vectors: readonly (number[] | null)[],
  embeddingModel: string,
): NewChunk[] {
  const chunks: NewChunk[] = [];
  drafts.forEach((draft, i) => {
    const embedding = vectors[i];
    if (!embedding) return;
    const position = chunks.length;
    chunks.push({
      attachmentId: draft.attachmentId,
      chunkKey: chunkKey({
        tenderId,
        attachmentId: draft.attachmentId,
        position,
        content: draft.content,
        embeddingModel,
      }),
      content: draft.content,
      embedding,
      embeddingModel,
      position,
      section: draft.section,
      contentHash: sha256Hex(draft.content),
    });
  });
  return chunks;
}
