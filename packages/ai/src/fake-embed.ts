import { createHash } from "node:crypto";
import { EMBEDDING_DIMENSION, type Embedding } from "./ai-provider.js";
import { l2Normalize } from "./l2-normalize.js";

/** Name of the fake's embedding (and chat) model. */
export const FAKE_MODEL = "fake-hash-1024";

const TOKEN = /[\p{L}\p{N}]+/gu;

/**
 * The fake provider's hashing-trick vector, exactly as docs/records.md#the-fake-embedder defines it: NFKC, lower
 * case, tokens `/[\p{L}\p{N}]+/gu` with repetition; per token SHA-256 of its UTF-8 bytes,
 * index = first 4 bytes as unsigned big-endian mod 1024, sign = −1 when bit 0 of byte 4 is
 * set; sum, then L2-normalize. A text without tokens has no vector (null).
 */
export function fakeEmbed(text: string): Embedding | null {
  const tokens = text.normalize("NFKC").toLowerCase().match(TOKEN);
  if (!tokens) return null;
  const sums = new Array<number>(EMBEDDING_DIMENSION).fill(0);
  for (const token of tokens) {
    const h = createHash("sha256").update(token, "utf8").digest();
    const index = h.readUInt32BE(0) % EMBEDDING_DIMENSION;
    sums[index] = (sums[index] ?? 0) + ((h[4] ?? 0) & 1 ? -1 : 1);
  }
  // Opposite signs can cancel out completely; then there is no direction to keep.
  return l2Normalize(sums);
}
