import { type Kysely, sql } from "kysely";

/**
 * The compact copy of each chunk embedding that Search scans (search-ranking.ts has the proof):
 * `embedding_half` = the embedding scaled to unit length and rounded to `halfvec`, stored inline
 * (PLAIN, 2 KiB), while the full `vector` moves out of line (EXTERNAL, uncompressed) so the scan
 * reads three chunks per page instead of one. A trigger computes it from `embedding` on every
 * write, so the two forms are always written together and can never disagree.
 *
 * NULL means "rank this chunk by its full vector": rows written before this migration until the
 * backfill (`fillCompactEmbeddings`, run by the indexer's sweeper) reaches them, and embeddings
 * whose length is outside [1e-10, 1e10], where float rounding in the full distance is no longer
 * bounded by the proof. Adding the column and changing storage only touch the catalog; existing
 * rows keep their inline vector until rewritten, so searches never wait for a table rewrite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE chunks ADD COLUMN embedding_half halfvec(1024)`.execute(db);
  await sql`ALTER TABLE chunks ALTER COLUMN embedding_half SET STORAGE PLAIN`.execute(db);
  await sql`ALTER TABLE chunks ALTER COLUMN embedding SET STORAGE EXTERNAL`.execute(db);
  await sql`
    CREATE FUNCTION chunks_compact_embedding() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.embedding_half := CASE WHEN vector_norm(NEW.embedding) BETWEEN 1e-10 AND 1e10
        THEN l2_normalize(NEW.embedding)::halfvec(1024) END;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER chunks_compact_embedding BEFORE INSERT OR UPDATE ON chunks
      FOR EACH ROW EXECUTE FUNCTION chunks_compact_embedding()`.execute(db);
  // The backfill's work list (rows it can fill); empty once every row is filled.
  await sql`
    CREATE INDEX chunks_compact_unfilled_idx ON chunks (id)
      WHERE embedding_half IS NULL AND vector_norm(embedding) BETWEEN 1e-10 AND 1e10`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS chunks_compact_embedding ON chunks`.execute(db);
  await sql`DROP FUNCTION IF EXISTS chunks_compact_embedding()`.execute(db);
  await sql`ALTER TABLE chunks DROP COLUMN IF EXISTS embedding_half`.execute(db);
  await sql`ALTER TABLE chunks ALTER COLUMN embedding SET STORAGE PLAIN`.execute(db);
}
