import { createHash } from "node:crypto";
import { type Database, type RecordedMatches, recordTenderMatches, replaceTenderChunks } from "@tender/db";
import type { Kysely } from "kysely";

/** A unit vector along axis `i`: a saved query along the same axis scores 1, along another 0. */
export const unitVector = (i: number, dims = 1024): number[] =>
  Array.from({ length: dims }, (_, j) => (j === i ? 1 : 0));

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * Gives a stored notice one chunk (`content`, default "chunk <id>") along `embedding`, as the
 * indexer would, then records its alerts at `now` as the notifier does on tender.indexed: for
 * tests of the alerts of notices stored as ingest stores them.
 */
export async function indexAndMatch(
  db: Kysely<Database>,
  tenderId: string,
  options: { embedding: number[]; now: Date; content?: string },
): Promise<RecordedMatches> {
  const content = options.content ?? `chunk ${tenderId}`;
  await replaceTenderChunks(db, tenderId, [
    {
      attachmentId: null,
      chunkKey: sha256(`chunk ${tenderId}`),
      content,
      embedding: options.embedding,
      embeddingModel: "fake-hash-1024",
      position: 0,
      section: "metadata",
      contentHash: sha256(content),
    },
  ]);
  const { content_hash } = await db
    .selectFrom("tenders")
    .select("content_hash")
    .where("id", "=", tenderId)
    .executeTakeFirstOrThrow();
  return recordTenderMatches(db, { tenderId, contentHash: content_hash, now: options.now });
}
