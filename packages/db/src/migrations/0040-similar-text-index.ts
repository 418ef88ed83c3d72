import { type Kysely, sql } from "kysely";

/**
 * An HNSW index of the metadata chunks' compact embeddings (cosine), for the text half of the
 * similar contracts' candidates (docs/api.md#similar-contracts): the award notices closest by text
 * are found without reading every award notice's vector. Partial (metadata chunks only: one per
 * notice, what similar contracts compare) and on `<=>` of `embedding_half`, an operator Search
 * never orders by (it orders by `<#>` and by the full vector), so Search's exact scans keep their
 * plans. Every write of a metadata chunk updates it (about a millisecond each at a million
 * notices); building it on an existing table takes minutes per million chunks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX chunks_metadata_half_hnsw_idx ON chunks USING hnsw (embedding_half halfvec_cosine_ops)
      WHERE attachment_id IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS chunks_metadata_half_hnsw_idx`.execute(db);
}
