import { type Kysely, sql } from "kysely";

/**
 * Procedures (docs/records.md#procedures): one row per source and procedure key, and on each
 * tender its procedure, its kind, the notice it names as superseded (as the source names it),
 * the notice that supersedes it and the changes it made to the notice it supersedes. Linking
 * reads and writes one procedure's tenders only (`tenders_procedure_idx`); the unique key is the
 * (source, procedure key) index. Existing tenders start as calls for competition of no procedure:
 * `tender remap` maps them.
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE tenders
      DROP COLUMN changes, DROP COLUMN superseded_by, DROP COLUMN supersedes_external_id,
      DROP COLUMN kind, DROP COLUMN procedure_id`.execute(db);
  await sql`DROP TABLE procedures`.execute(db);
}
