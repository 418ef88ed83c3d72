import { type Kysely, sql } from "kysely";

/**
 * Facet counts without reading every tender: `tender_facet_groups` counts the tenders of each
 * combination of source, countries, CPV divisions and currency, kept exact by triggers in the
 * transaction that writes the tender (insert, delete, an update of those columns, truncate).
 * A year of tenders forms some ten thousand groups, so facets with no filter or with filters on
 * those columns only sum a few thousand rows instead of reading a million tenders.
 * Cost on write: one upsert of a small row per inserted or deleted tender, two when an update
 * moves a tender to another group; that row stays locked until the transaction ends, so two
 * transactions writing tenders of the same group take turns (the ingest of a source is one
 * transaction at a time anyway; groups never span sources).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION tender_cpv_divisions(codes text[]) RETURNS text[]
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ARRAY(SELECT DISTINCT left(code, 2) FROM unnest(codes) AS code ORDER BY 1)`.execute(db);
  await sql`
    CREATE TABLE tender_facet_groups (
      source_id     uuid NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
      countries     text[] NOT NULL,
      cpv_divisions text[] NOT NULL,
      currency      text,
      tenders       integer NOT NULL CONSTRAINT tender_facet_groups_tenders_check CHECK (tenders >= 0),
      CONSTRAINT tender_facet_groups_key UNIQUE NULLS NOT DISTINCT (source_id, countries, cpv_divisions, currency)
    )`.execute(db);
  await sql`
    CREATE FUNCTION tender_facet_groups_count() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE tender_facet_groups SET tenders = tenders - 1
        WHERE source_id = OLD.source_id AND countries = OLD.countries
          AND cpv_divisions = tender_cpv_divisions(OLD.cpv_codes)
          AND currency IS NOT DISTINCT FROM OLD.currency;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO tender_facet_groups AS g (source_id, countries, cpv_divisions, currency, tenders)
        VALUES (NEW.source_id, NEW.countries, tender_cpv_divisions(NEW.cpv_codes), NEW.currency, 1)
        ON CONFLICT ON CONSTRAINT tender_facet_groups_key DO UPDATE SET tenders = g.tenders + 1;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION tender_facet_groups_clear() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM tender_facet_groups;
      RETURN NULL;
    END $$`.execute(db);
  // Writers wait while the groups are filled, so none is counted twice or missed.
  await sql`LOCK TABLE tenders IN SHARE ROW EXCLUSIVE MODE`.execute(db);
  await sql`
    CREATE TRIGGER tenders_facet_groups_insert_delete AFTER INSERT OR DELETE ON tenders
    FOR EACH ROW EXECUTE FUNCTION tender_facet_groups_count()`.execute(db);
  await sql`
    CREATE TRIGGER tenders_facet_groups_update AFTER UPDATE OF source_id, countries, cpv_codes, currency ON tenders
    FOR EACH ROW
    WHEN ((OLD.source_id, OLD.countries, OLD.cpv_codes, OLD.currency)
          IS DISTINCT FROM (NEW.source_id, NEW.countries, NEW.cpv_codes, NEW.currency))
    EXECUTE FUNCTION tender_facet_groups_count()`.execute(db);
  await sql`
    CREATE TRIGGER tenders_facet_groups_truncate AFTER TRUNCATE ON tenders
    FOR EACH STATEMENT EXECUTE FUNCTION tender_facet_groups_clear()`.execute(db);
  await sql`
    INSERT INTO tender_facet_groups (source_id, countries, cpv_divisions, currency, tenders)
    SELECT source_id, countries, tender_cpv_divisions(cpv_codes), currency, count(*)
    FROM tenders GROUP BY 1, 2, 3, 4`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ["insert_delete", "update", "truncate"]) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(`tenders_facet_groups_${trigger}`)} ON tenders`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS tender_facet_groups_count()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS tender_facet_groups_clear()`.execute(db);
  await sql`DROP TABLE IF EXISTS tender_facet_groups`.execute(db);
  await sql`DROP FUNCTION IF EXISTS tender_cpv_divisions(text[])`.execute(db);
}
