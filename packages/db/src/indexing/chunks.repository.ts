import { sql } from "kysely";
import pgvector from "pgvector";
import type { Db } from "../database.js";
import type { ChunkRow } from "./chunks.table.js";

/** A chunk to store; `attachmentId` null means the tender's own metadata. */
export interface NewChunk {
  attachmentId: string | null;
  chunkKey: string;
  content: string;
  /** Exactly 1024 finite numbers; the database rejects any other dimension. */
  embedding: number[];
  embeddingModel: string;
  position: number;
  section: string;
  contentHash: string;
  /** The text search configuration of the chunk's language (`lexicalConfigOf`); `tender_simple` when absent. */
  lexicalConfig?: string;
}

/** A stored chunk with its embedding parsed back to numbers (float4 precision). */
export type StoredChunk = Omit<ChunkRow, "embedding"> & { embedding: number[] };

// Each row carries a 1024-number vector literal (~10-20 KB): batches keep statements moderate.
const INSERT_BATCH = 100;

/**
 * Replaces every chunk of the tender with `chunks`: deletes, then inserts (a trigger writes each
 * chunk's compact embedding from its vector in the same statement). Run it in the caller's
 * transaction together with `markTenderIndexed`, so readers never see a half-written index.
 */
export async function replaceTenderChunks(
  db: Db,
  tenderId: string,
  chunks: readonly NewChunk[],
): Promise<{ deleted: number; inserted: number }> {
  const deleted = await db.deleteFrom("chunks").where("tender_id", "=", tenderId).executeTakeFirst();
  await insertChunks(db, tenderId, chunks);
  return { deleted: Number(deleted.numDeletedRows), inserted: chunks.length };
}

/** The `chunk_key` of every stored chunk of the tender (no text, no vectors). */
export async function listChunkKeys(db: Db, tenderId: string): Promise<Set<string>> {
  const rows = await db.selectFrom("chunks").select("chunk_key").where("tender_id", "=", tenderId).execute();
  return new Set(rows.map((row) => row.chunk_key));
}

/** A reused chunk was deleted since it was planned on (another indexer rebuilt the tender). */
export class ChunksChangedError extends Error {
  constructor(readonly missing: number) {
    super(`${missing} chunks of this tender changed during indexing; indexing again`);
    this.name = "ChunksChangedError";
  }
}

/**
 * Makes the tender's chunks exactly `keep` (keys of stored chunks, rows and vectors untouched)
 * plus `fresh` (inserted): every other chunk of the tender is deleted. Throws
 * `ChunksChangedError` when a key of `keep` is no longer stored. Run it in the caller's
 * transaction, after `lockTenderForIndexing`, together with `markTenderIndexed`.
 */
export async function swapTenderChunks(
  db: Db,
  tenderId: string,
  keep: ReadonlySet<string>,
  fresh: readonly NewChunk[],
): Promise<{ kept: number; deleted: number; inserted: number }> {
  const keys = [...keep];
  const deleted = await db
    .deleteFrom("chunks")
    .where("tender_id", "=", tenderId)
    .where(sql<boolean>`chunk_key <> ALL(${keys}::char(64)[])`)
    .executeTakeFirst();
  if (keys.length > 0) {
    const row = await db
      .selectFrom("chunks")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("tender_id", "=", tenderId)
      .executeTakeFirstOrThrow();
    if (Number(row.count) !== keys.length) throw new ChunksChangedError(keys.length - Number(row.count));
  }
  await insertChunks(db, tenderId, fresh);
  return { kept: keys.length, deleted: Number(deleted.numDeletedRows), inserted: fresh.length };
}

/**
 * Fills the compact embedding (`embedding_half`, migration 0017) of up to `limit` chunks written
 * before it, rewriting each row so its trigger derives the compact form and moves the full vector
 * out of line. Rows locked by an indexer are skipped, and readers never wait (a row update);
 * Search stays exact meanwhile, ranking unfilled rows by their full vectors. Returns how many
 * rows it filled: 0 once every fillable row is done.
 */
export async function fillCompactEmbeddings(db: Db, limit: number): Promise<number> {
  const { rows } = await sql<{ id: string }>`
    UPDATE chunks SET embedding = embedding
    WHERE id IN (
      SELECT id FROM chunks
      WHERE embedding_half IS NULL AND vector_norm(embedding) BETWEEN 1e-10 AND 1e10
      ORDER BY id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`.execute(db);
  return rows.length;
}

/** Every chunk of the tender: metadata chunks first, then by attachment, each in position order. */
export async function listChunksForTender(db: Db, tenderId: string): Promise<StoredChunk[]> {
  const rows = await db
    .selectFrom("chunks")
    .selectAll()
    .where("tender_id", "=", tenderId)
    .orderBy(sql`attachment_id NULLS FIRST`)
    .orderBy("position")
    .execute();
  return rows.map((row) => ({ ...row, embedding: pgvector.fromSql(row.embedding) as number[] }));
}

/** Number of chunks, of one tender or of all. */
export async function countChunks(db: Db, tenderId?: string): Promise<number> {
  let query = db.selectFrom("chunks").select((eb) => eb.fn.countAll<number>().as("count"));
  if (tenderId !== undefined) query = query.where("tender_id", "=", tenderId);
  const row = await query.executeTakeFirstOrThrow();
  return row.count;
}

async function insertChunks(db: Db, tenderId: string, chunks: readonly NewChunk[]): Promise<void> {
  for (let i = 0; i < chunks.length; i += INSERT_BATCH) {
    await db
      .insertInto("chunks")
      .values(
        chunks.slice(i, i + INSERT_BATCH).map((c) => ({
          tender_id: tenderId,
          attachment_id: c.attachmentId,
          chunk_key: c.chunkKey,
          content: c.content,
          embedding: sql<string>`${pgvector.toSql(c.embedding)}::vector`,
          embedding_model: c.embeddingModel,
          position: c.position,
          section: c.section,
          content_hash: c.contentHash,
          lexical_config: c.lexicalConfig ?? "tender_simple",
        })),
      )
      .execute();
  }
}
