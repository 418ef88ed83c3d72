import { type Kysely, sql } from "kysely";

/**
 * Procedures (docs/records.md#procedures): one row per source and procedure key, and on each
 * tender its procedure, its kind, the notice it names as superseded (as the source names it),
 * the notice that supersedes it and the changes it made to the notice it supersedes. Linking
 * reads and writes one procedure's tenders only (`tenders_procedure_idx`); the unique key is the
 * (source, procedure key) index. Existing tenders start as calls for competition of no procedure:
 * `tender remap` maps them.
 *
 * The facet groups of 0020 gain the kind, so facets filtered by kind (and the kinds facet) still
 * add up groups. 0020 is released, so this migration changes its table, function and trigger
 * rather than 0020 itself. `superseded_by` stays out of the groups: a change notice would move
 * the notice it supersedes to another group, and `current` is rare enough to count tenders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE procedures (
      id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      source_id     uuid NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
      procedure_key text NOT NULL CHECK (length(btrim(procedure_key)) BETWEEN 1 AND 1000),
      created_at    timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT procedures_source_key UNIQUE (source_id, procedure_key)
    )`.execute(db);
  await sql`
    ALTER TABLE tenders
      ADD COLUMN procedure_id uuid REFERENCES procedures (id) ON DELETE SET NULL,
      ADD COLUMN kind text NOT NULL DEFAULT 'competition'
        CONSTRAINT tenders_kind_check CHECK (
          kind IN ('planning', 'competition', 'change', 'result', 'modification', 'cancellation')),
      ADD COLUMN supersedes_external_id text
        CHECK (length(btrim(supersedes_external_id)) BETWEEN 1 AND 1000),
      ADD COLUMN superseded_by uuid REFERENCES tenders (id) ON DELETE SET NULL,
      ADD COLUMN changes jsonb`.execute(db);
  await sql`CREATE INDEX tenders_procedure_idx ON tenders (procedure_id)`.execute(db);
  await sql`CREATE INDEX tenders_superseded_by_idx ON tenders (superseded_by)`.execute(db);
  await sql`CREATE INDEX tenders_kind_idx ON tenders (kind)`.execute(db);
  await facetGroupsByKind(db);
}

/** Adds the kind to `tender_facet_groups`, its key, its counting trigger, and refills the groups. */
async function facetGroupsByKind(db: Kysely<unknown>): Promise<void> {
  // The ALTER TABLE above already holds tenders exclusively: no writer counts while we refill.
  await sql`DELETE FROM tender_facet_groups`.execute(db);
  await sql`
    ALTER TABLE tender_facet_groups
      ADD COLUMN kind text NOT NULL,
      DROP CONSTRAINT tender_facet_groups_key,
      ADD CONSTRAINT tender_facet_groups_key
        UNIQUE NULLS NOT DISTINCT (source_id, countries, cpv_divisions, currency, kind)`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION tender_facet_groups_count() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE tender_facet_groups SET tenders = tenders - 1
        WHERE source_id = OLD.source_id AND countries = OLD.countries
          AND cpv_divisions = tender_cpv_divisions(OLD.cpv_codes)
          AND currency IS NOT DISTINCT FROM OLD.currency AND kind = OLD.kind;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO tender_facet_groups AS g (source_id, countries, cpv_divisions, currency, kind, tenders)
        VALUES (NEW.source_id, NEW.countries, tender_cpv_divisions(NEW.cpv_codes), NEW.currency, NEW.kind, 1)
        ON CONFLICT ON CONSTRAINT tender_facet_groups_key DO UPDATE SET tenders = g.tenders + 1;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`DROP TRIGGER tenders_facet_groups_update ON tenders`.execute(db);
  await sql`
    CREATE TRIGGER tenders_facet_groups_update
    AFTER UPDATE OF source_id, countries, cpv_codes, currency, kind ON tenders
    FOR EACH ROW
    WHEN ((OLD.source_id, OLD.countries, OLD.cpv_codes, OLD.currency, OLD.kind)
          IS DISTINCT FROM (NEW.source_id, NEW.countries, NEW.cpv_codes, NEW.currency, NEW.kind))
    EXECUTE FUNCTION tender_facet_groups_count()`.execute(db);
  await sql`
    INSERT INTO tender_facet_groups (source_id, countries, cpv_divisions, currency, kind, tenders)
    SELECT source_id, countries, tender_cpv_divisions(cpv_codes), currency, kind, count(*)
    FROM tenders GROUP BY 1, 2, 3, 4, 5`.execute(db);
}

/** Puts the facet groups back as 0020 made them (without the kind) and refills them. */
async function facetGroupsWithoutKind(db: Kysely<unknown>): Promise<void> {
  await sql`LOCK TABLE tenders IN SHARE ROW EXCLUSIVE MODE`.execute(db);
  await sql`DELETE FROM tender_facet_groups`.execute(db);
  await sql`DROP TRIGGER tenders_facet_groups_update ON tenders`.execute(db);
  await sql`
    CREATE TRIGGER tenders_facet_groups_update AFTER UPDATE OF source_id, countries, cpv_codes, currency ON tenders
    FOR EACH ROW
    WHEN ((OLD.source_id, OLD.countries, OLD.cpv_codes, OLD.currency)
          IS DISTINCT FROM (NEW.source_id, NEW.countries, NEW.cpv_codes, NEW.currency))
    EXECUTE FUNCTION tender_facet_groups_count()`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION tender_facet_groups_count() RETURNS trigger
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
    ALTER TABLE tender_facet_groups
      DROP CONSTRAINT tender_facet_groups_key,
      DROP COLUMN kind,
      ADD CONSTRAINT tender_facet_groups_key
        UNIQUE NULLS NOT DISTINCT (source_id, countries, cpv_divisions, currency)`.execute(db);
  await sql`
    INSERT INTO tender_facet_groups (source_id, countries, cpv_divisions, currency, tenders)
    SELECT source_id, countries, tender_cpv_divisions(cpv_codes), currency, count(*)
    FROM tenders GROUP BY 1, 2, 3, 4`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await facetGroupsWithoutKind(db);
  await sql`
    ALTER TABLE tenders
      DROP COLUMN changes, DROP COLUMN superseded_by, DROP COLUMN supersedes_external_id,
      DROP COLUMN kind, DROP COLUMN procedure_id`.execute(db);
  await sql`DROP TABLE procedures`.execute(db);
}
