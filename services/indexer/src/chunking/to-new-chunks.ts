import type { NewChunk } from "@tender/db";
import type { ChunkDraft } from "./to-chunk-drafts.js";

/**
 * Drafts with their vectors as rows to store. A draft without a vector (no tokens, or a zero
 * vector) is dropped; its position stays unused, so the keys of the others do not move.
 */
export function toNewChunks(
  drafts: readonly ChunkDraft[],
  vectors: readonly (number[] | null)[],
  embeddingModel: string,
): NewChunk[] {
  const chunks: NewChunk[] = [];
  drafts.forEach((draft, i) => {
    const embedding = vectors[i];
    if (!embedding) return;
    chunks.push({
      attachmentId: draft.attachmentId,
      chunkKey: draft.chunkKey,
      content: draft.content,
      embedding,
      embeddingModel,
      position: draft.position,
      section: draft.section,
      contentHash: draft.contentHash,
      lexicalConfig: draft.lexicalConfig,
    });
  });
  return chunks;
}
