import { sha256Hex } from "./sha256-hex.js";

export interface ChunkKeyInput {
  tenderId: string;
  /** `null` for a chunk of the tender's own metadata. */
  attachmentId: string | null;
  position: number;
  content: string;
  embeddingModel: string;
}

/**
 * `chunk_key` = SHA-256 hex of `{tender_id}:{attachment_id or "metadata"}:{position}:{sha256(content)}:{embedding_model}`
 * (docs/records.md#chunks-and-chunk-keys), so the same text at the same place with the same model keeps its key.
 */
export function chunkKey(input: ChunkKeyInput): string {
  if (!Number.isSafeInteger(input.position) || input.position < 0) {
    throw new RangeError(`chunkKey: position must be a non-negative integer, got ${input.position}`);
  }
  const attachment = input.attachmentId ?? "metadata";
  return sha256Hex(
    `${input.tenderId}:${attachment}:${input.position}:${sha256Hex(input.content)}:${input.embeddingModel}`,
  );
}
