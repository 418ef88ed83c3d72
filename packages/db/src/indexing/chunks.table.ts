import type { Generated, Insertable, Selectable } from "kysely";

export interface ChunksTable {
  id: Generated<string>;
  tender_id: string;
  /** NULL: the chunk holds the tender's own metadata. */
  attachment_id: string | null;
  chunk_key: string;
  content: string;
  /** pgvector text form, `[0.1,0.2,...]`; chunks.repository converts it with pgvector's `toSql` / `fromSql`. */
  embedding: string;
  /**
   * `halfvec` text form of the unit-length embedding, written by a trigger from `embedding`
   * (migration 0017); NULL until the backfill reaches a row written before it, or when the
   * embedding's length is out of the range Search can bound (Search then ranks it by `embedding`).
   */
  embedding_half: Generated<string | null>;
  embedding_model: string;
  position: number;
  section: string;
  content_hash: string;
  /** The text search configuration of the chunk's language (0038); `tender_simple` by default. */
  lexical_config: Generated<string>;
  /** The chunk's words as `lexical_config` reads them, generated from `content` (0038). */
  lexemes: Generated<string>;
  created_at: Generated<Date>;
}
export type ChunkRow = Selectable<ChunksTable>;
export type NewChunkRow = Insertable<ChunksTable>;
