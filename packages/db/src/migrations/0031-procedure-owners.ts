import { type Kysely, sql } from "kysely";

/**
 * Who may change a notice and who owns a key (docs/records.md#procedures, issue 32):
 *
 * - `tenders.buyer_keys`: the buyers a notice is published for (organisation keys and normalised
 *   names, as its source maps them); a notice supersedes only one of its source sharing a buyer.
 *   Empty until `tender remap` maps them: a notice of no buyer meets only notices of none.
 * - `tenders.beside`: the notice stands beside its procedure's own notices (the other UK portal,
 *   or another buyer): never `current` over them, no `changed` or `cancelled` follow-up.
 * - `procedure_notice_keys` holds every procedure's claim on a key, not the latest claimant's:
 *   a key names a procedure only while that procedure alone claims it, so a later claim can never
 *   take or move it. Claims a procedure made from its documents (a mention, not a key it owns)
 *   are dropped: only an ocid its procedure has or a notice id one of its notices has stays.
 *
 * Run `tender remap` for every source afterwards: it maps the buyers and relinks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE tenders
      ADD COLUMN buyer_keys text[] NOT NULL DEFAULT '{}' CHECK (cardinality(buyer_keys) <= 64),
      ADD COLUMN beside boolean NOT NULL DEFAULT false`.execute(db);
  // `tender status` counts the notices standing beside: few, found without a scan.
  await sql`CREATE INDEX tenders_beside_idx ON tenders (procedure_id) WHERE beside`.execute(db);
  await sql`
    DELETE FROM procedure_notice_keys k
    WHERE NOT EXISTS (
        SELECT 1 FROM procedures p WHERE p.id = k.procedure_id
          AND k.notice_key IN ('find-a-tender:ocid:' || lower(p.procedure_key),
                               'contracts-finder:ocid:' || lower(p.procedure_key)))
      -- Two lookups, each by its index (an OR of the two columns would scan the table per key).
      AND NOT EXISTS (
        SELECT 1 FROM tenders t WHERE t.procedure_id = k.procedure_id
          AND k.notice_key IN ('find-a-tender:notice:' || lower(t.external_id),
                               'contracts-finder:notice:' || lower(left(t.external_id, 36))))
      AND NOT EXISTS (
        SELECT 1 FROM tenders t WHERE t.source_procedure_id = k.procedure_id
          AND k.notice_key IN ('find-a-tender:notice:' || lower(t.external_id),
                               'contracts-finder:notice:' || lower(left(t.external_id, 36))))`.execute(db);
  await sql`ALTER TABLE procedure_notice_keys DROP CONSTRAINT procedure_notice_keys_pkey`.execute(db);
  await sql`ALTER TABLE procedure_notice_keys ADD PRIMARY KEY (notice_key, procedure_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // One claimant per key again: the procedure with the lowest id keeps a key several claim.
  await sql`
    DELETE FROM procedure_notice_keys k USING procedure_notice_keys other
    WHERE other.notice_key = k.notice_key AND other.procedure_id < k.procedure_id`.execute(db);
  await sql`ALTER TABLE procedure_notice_keys DROP CONSTRAINT procedure_notice_keys_pkey`.execute(db);
  await sql`ALTER TABLE procedure_notice_keys ADD PRIMARY KEY (notice_key)`.execute(db);
  await sql`DROP INDEX tenders_beside_idx`.execute(db);
  await sql`ALTER TABLE tenders DROP COLUMN beside, DROP COLUMN buyer_keys`.execute(db);
}
