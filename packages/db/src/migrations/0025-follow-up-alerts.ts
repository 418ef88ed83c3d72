import { type Kysely, sql } from "kysely";

/**
 * Follow-up alerts (docs/events.md#follow-ups). A saved search that matched a notice of a
 * procedure follows it: each later change, result, modification or cancellation is recorded as a
 * row of `saved_search_matches` too, with its `reason` (`match` for every row before this), the
 * procedure and the `changes` it made, so webhooks, digests, the feed and `…/matches` carry it
 * like a match.
 *
 * - `procedure_id`: the matched tender's procedure, copied so that "which saved searches follow
 *   this procedure" is one lookup of `saved_search_matches_procedure_idx` per indexed tender.
 *   A trigger keeps it equal to the tender's when `tender remap` moves a tender; existing rows
 *   are filled here.
 * - `saved_search_matches_one_follow_up`: one follow-up per saved search and notice, whatever its
 *   content hash (re-indexing, replays, notifier replicas racing all end in one row).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE saved_search_matches
      ADD COLUMN reason text NOT NULL DEFAULT 'match'
        CONSTRAINT saved_search_matches_reason_check CHECK (reason IN ('match', 'changed', 'awarded', 'cancelled')),
      ADD COLUMN procedure_id uuid REFERENCES procedures (id) ON DELETE SET NULL,
      -- Copied from tenders.changes, bounded by what it is computed from (titles, document names).
      ADD COLUMN changes jsonb CONSTRAINT saved_search_matches_changes_check CHECK (jsonb_typeof(changes) = 'array'),
      ADD CONSTRAINT saved_search_matches_follow_up_fields CHECK (
        reason <> 'match' OR changes IS NULL)`.execute(db);
  await sql`
    UPDATE saved_search_matches AS m SET procedure_id = t.procedure_id
    FROM tenders AS t WHERE t.id = m.tender_id AND t.procedure_id IS NOT NULL`.execute(db);
  await sql`
    CREATE UNIQUE INDEX saved_search_matches_one_follow_up
      ON saved_search_matches (saved_search_id, tender_id) WHERE reason <> 'match'`.execute(db);
  // The follow-up lookup: every match of one procedure, with what decides a follow-up, from the index alone.
  await sql`
    CREATE INDEX saved_search_matches_procedure_idx
      ON saved_search_matches (procedure_id) INCLUDE (saved_search_id, tender_id, reason)
      WHERE procedure_id IS NOT NULL`.execute(db);
  await sql`
    CREATE FUNCTION saved_search_matches_follow_procedure() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE saved_search_matches SET procedure_id = NEW.procedure_id WHERE tender_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER tenders_matches_procedure
    AFTER UPDATE OF procedure_id ON tenders
    FOR EACH ROW WHEN (OLD.procedure_id IS DISTINCT FROM NEW.procedure_id)
    EXECUTE FUNCTION saved_search_matches_follow_procedure()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS tenders_matches_procedure ON tenders`.execute(db);
  await sql`DROP FUNCTION IF EXISTS saved_search_matches_follow_procedure()`.execute(db);
  await sql`DROP INDEX IF EXISTS saved_search_matches_procedure_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS saved_search_matches_one_follow_up`.execute(db);
  await sql`
    ALTER TABLE saved_search_matches
      DROP CONSTRAINT IF EXISTS saved_search_matches_follow_up_fields,
      DROP COLUMN IF EXISTS changes, DROP COLUMN IF EXISTS procedure_id, DROP COLUMN IF EXISTS reason`.execute(
    db,
  );
}
