import { type Kysely, sql } from "kysely";

/**
 * The indexer's extraction cache: the text an attachment gave, per file digest, so a tender
 * indexed again (one more attachment arrived, or another embedding model) does not parse files
 * it already read. `cache_key` covers what shapes the result besides the bytes (file name,
 * content type, extractor version); `sha256` lets unused entries be found. The result is JSON
 * kept as text: jsonb refuses the `\u0000` escape that extracted text may contain.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE extraction_cache (
      cache_key   char(64) PRIMARY KEY CHECK (cache_key ~ '^[0-9a-f]{64}$'),
      sha256      char(64) NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      result      text NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX extraction_cache_sha256_idx ON extraction_cache (sha256)`.execute(db);
  await sql`CREATE INDEX extraction_cache_created_at_idx ON extraction_cache (created_at)`.execute(db);
  await sql`CREATE INDEX attachments_sha256_idx ON attachments (sha256) WHERE sha256 IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS attachments_sha256_idx`.execute(db);
  await sql`DROP TABLE IF EXISTS extraction_cache`.execute(db);
}
