import { type Kysely, sql } from "kysely";

/**
 * One procedure for a notice published on both UK portals (docs/records.md#procedures): a notice
 * of Find a Tender or Contracts Finder that names the other portal's notice joins that notice's
 * procedure.
 *
 * - `procedure_notice_keys`: the keys under which the other portal may name a procedure's
 *   notices (`find-a-tender:ocid:…`, `find-a-tender:notice:083650-2026`, `contracts-finder:…`),
 *   each registered by the procedure that published it. Kept when a later release replaces the
 *   stored one: the tender row holds the latest release only, and a copy may name an earlier one.
 * - `tenders.names_notice`: the key of the other portal's notice a notice names, as its source
 *   maps it from `raw_payload` (`tender remap` recomputes it).
 * - `tenders.source_procedure_id`: the procedure of its own source while the notice stands in
 *   another one (`procedure_id`); null when `procedure_id` is its own.
 * - `procedures.linked_to`: the procedure this one has joined; its notices stand there. Kept so
 *   that a procedure id given out before the join still finds the procedure.
 *
 * Linking finds the procedures involved through the four indexes below, never by a scan.
 * Nothing is backfilled: existing rows mean "not linked" until `tender remap` maps them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE procedure_notice_keys (
      notice_key   text PRIMARY KEY CHECK (length(notice_key) BETWEEN 1 AND 200),
      procedure_id uuid NOT NULL REFERENCES procedures (id) ON DELETE CASCADE
    )`.execute(db);
  await sql`CREATE INDEX procedure_notice_keys_procedure_idx ON procedure_notice_keys (procedure_id)`.execute(
    db,
  );
  await sql`
    ALTER TABLE procedures
      ADD COLUMN linked_to uuid REFERENCES procedures (id) ON DELETE SET NULL
        CONSTRAINT procedures_linked_elsewhere CHECK (linked_to <> id)`.execute(db);
  await sql`CREATE INDEX procedures_linked_to_idx ON procedures (linked_to) WHERE linked_to IS NOT NULL`.execute(
    db,
  );
  await sql`
    ALTER TABLE tenders
      ADD COLUMN names_notice text CHECK (length(names_notice) BETWEEN 1 AND 200),
      ADD COLUMN source_procedure_id uuid REFERENCES procedures (id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX tenders_names_notice_idx ON tenders (names_notice) WHERE names_notice IS NOT NULL`.execute(
    db,
  );
  await sql`
    CREATE INDEX tenders_source_procedure_idx ON tenders (source_procedure_id)
    WHERE source_procedure_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Notices standing in a joined procedure go back to their own.
  await sql`
    UPDATE tenders SET procedure_id = source_procedure_id
    WHERE source_procedure_id IS NOT NULL`.execute(db);
  await sql`ALTER TABLE tenders DROP COLUMN source_procedure_id, DROP COLUMN names_notice`.execute(db);
  await sql`ALTER TABLE procedures DROP COLUMN linked_to`.execute(db);
  await sql`DROP TABLE procedure_notice_keys`.execute(db);
}
