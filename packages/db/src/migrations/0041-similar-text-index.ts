import { type Kysely, sql } from "kysely";

/**
 * What the similar contracts' candidates (docs/api.md#similar-contracts) are found by, without
 * reading every award notice:
 * - a GIN index of the award notices' CPV prefixes, partial: a class's award notices are a
 *   quarter of its notices, and reading the other rows only to drop them cost more than scoring;
 * - an HNSW index of the metadata chunks' compact embeddings (cosine): the award notices closest
 *   by text. Partial (metadata chunks: one per notice, what similar contracts compare) and on
 *   `<=>` of `embedding_half`, an operator Search never orders by (it orders by `<#>` and by the
 *   full vector), so Search's exact scans keep their plans. Every write of a metadata chunk
 *   updates it; building it over a million existing chunks took 12 minutes on 2 loaded cores.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX tenders_award_cpv_prefixes_idx ON tenders USING gin (cpv_prefixes)
      WHERE kind IN ('result', 'modification')`.execute(db);
  await sql`
    CREATE INDEX chunks_metadata_half_hnsw_idx ON chunks USING hnsw (embedding_half halfvec_cosine_ops)
      WHERE attachment_id IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS chunks_metadata_half_hnsw_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS tenders_award_cpv_prefixes_idx`.execute(db);
}
