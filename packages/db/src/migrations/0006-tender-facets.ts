import { type Kysely, sql } from "kysely";

/**
 * Procurement facets beside each tender (docs/records.md#facets-per-source) and the indexes the filters
 * use. `cpv_prefixes` holds every 2..8-digit prefix of every CPV code, derived by the database
 * so it cannot drift: a CPV prefix filter becomes an array overlap that the GIN index answers.
 * Existing rows start with empty facets: `tender remap` fills them from `raw_payload`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION tender_cpv_prefixes(codes text[]) RETURNS text[]
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ARRAY(
      SELECT DISTINCT left(code, n)
      FROM unnest(codes) AS code, generate_series(2, 8) AS n
      ORDER BY 1
    )`.execute(db);
  await sql`
    ALTER TABLE tenders
      ADD COLUMN countries text[] NOT NULL DEFAULT '{}'
        CONSTRAINT tenders_countries_format CHECK (
          cardinality(countries) <= 300
          AND array_position(countries, NULL) IS NULL
          AND array_to_string(countries, ',') ~ '^([A-Z]{2}(,[A-Z]{2})*)?$'),
      ADD COLUMN cpv_codes text[] NOT NULL DEFAULT '{}'
        CONSTRAINT tenders_cpv_codes_format CHECK (
          cardinality(cpv_codes) <= 1000
          AND array_position(cpv_codes, NULL) IS NULL
          AND array_to_string(cpv_codes, ',') ~ '^([0-9]{8}(,[0-9]{8})*)?$'),
      ADD COLUMN cpv_prefixes text[] GENERATED ALWAYS AS (tender_cpv_prefixes(cpv_codes)) STORED`.execute(db);
  await sql`CREATE INDEX tenders_countries_idx ON tenders USING gin (countries)`.execute(db);
  await sql`CREATE INDEX tenders_cpv_prefixes_idx ON tenders USING gin (cpv_prefixes)`.execute(db);
  // Browsing sorts and range filters; `id` breaks ties so keyset pages use the index alone.
  await sql`CREATE INDEX tenders_published_at_idx ON tenders (published_at, id)`.execute(db);
  await sql`CREATE INDEX tenders_deadline_idx ON tenders (deadline, id)`.execute(db);
  await sql`CREATE INDEX tenders_amount_idx ON tenders (amount, id)`.execute(db);
  await sql`CREATE INDEX tenders_currency_amount_idx ON tenders (currency, amount)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    "countries",
    "cpv_prefixes",
    "published_at",
    "deadline",
    "amount",
    "currency_amount",
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.id(`tenders_${index}_idx`)}`.execute(db);
  }
  await sql`
    ALTER TABLE tenders
      DROP COLUMN IF EXISTS cpv_prefixes,
      DROP COLUMN IF EXISTS cpv_codes,
      DROP COLUMN IF EXISTS countries`.execute(db);
  await sql`DROP FUNCTION IF EXISTS tender_cpv_prefixes(text[])`.execute(db);
}
