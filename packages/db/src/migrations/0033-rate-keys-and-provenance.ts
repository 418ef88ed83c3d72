import { nameSkeleton } from "@tender/organisations";
import { type Kysely, sql } from "kysely";

/**
 * Issue 32 (docs/records.md):
 *
 * - `email_confirmation_requests.rate_key`: the mailbox a confirmation mail went to
 *   (`emailRateLimitKey` of `@tender/contracts`: lower-cased, `+sub-address` cut), which the
 *   3-per-address hourly limit counts, so `a+1@x.example` and `a+2@x.example` share one
 *   allowance. Existing rows get the same folding in SQL; the address stays as written.
 * - `organisation_names.tender_id`: the first notice stored that gives the spelling (null when
 *   none is known); existing spellings get the earliest notice whose award names the organisation
 *   so, or whose buyer it is under that name.
 * - `organisation_names.skeleton`: the spelling's confusable skeleton (`nameSkeleton` of
 *   `@tender/organisations`, UTS #39), indexed: a spelling whose skeleton another organisation's
 *   spelling shares, written differently, is flagged as a look-alike on the organisation's page.
 *   The search-words trigger now fires on changes of the name only, so filling these columns does
 *   not recompute every organisation's words.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE email_confirmation_requests ADD COLUMN rate_key text`.execute(db);
  await sql`
    UPDATE email_confirmation_requests
    SET rate_key = lower(regexp_replace(address, '^([^+@]*)\\+[^@]*@', '\\1@'))`.execute(db);
  await sql`
    ALTER TABLE email_confirmation_requests
      ALTER COLUMN rate_key SET NOT NULL,
      ADD CONSTRAINT email_confirmation_requests_rate_key CHECK (char_length(rate_key) BETWEEN 3 AND 254)`.execute(
    db,
  );
  await sql`DROP INDEX email_confirmation_requests_address_idx`.execute(db);
  await sql`
    CREATE INDEX email_confirmation_requests_rate_key_idx
      ON email_confirmation_requests (rate_key, requested_at)`.execute(db);
  await addNameProvenance(db);
}

/** Most spellings whose skeleton is computed per statement while filling the column. */
const SKELETON_BATCH = 1000;

async function addNameProvenance(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER organisation_names_search_words ON organisation_names`.execute(db);
  await sql`
    CREATE TRIGGER organisation_names_search_words
      AFTER INSERT OR UPDATE OF organisation_id, name OR DELETE ON organisation_names
      FOR EACH ROW EXECUTE FUNCTION organisation_names_search_words()`.execute(db);
  await sql`
    ALTER TABLE organisation_names
      ADD COLUMN tender_id uuid REFERENCES tenders (id) ON DELETE SET NULL,
      ADD COLUMN skeleton text`.execute(db);
  await sql`
    UPDATE organisation_names AS n SET tender_id = (
      SELECT a.tender_id FROM award_winners AS w
      JOIN awards AS a ON a.id = w.award_id JOIN tenders AS t ON t.id = a.tender_id
      WHERE w.organisation_id = n.organisation_id AND w.name = n.name
      ORDER BY t.published_at, t.id LIMIT 1)`.execute(db);
  await sql`
    UPDATE organisation_names AS n SET tender_id = (
      SELECT t.id FROM tenders AS t
      WHERE t.buyer_organisation_id = n.organisation_id AND t.buyer_name = n.name
      ORDER BY t.published_at, t.id LIMIT 1)
    WHERE n.tender_id IS NULL`.execute(db);
  for (;;) {
    const { rows } = await sql<{ organisation_id: string; name: string }>`
      SELECT organisation_id, name FROM organisation_names WHERE skeleton IS NULL
      LIMIT ${SKELETON_BATCH}`.execute(db);
    if (rows.length === 0) break;
    const values = sql.join(
      rows.map((r) => sql`(${r.organisation_id}::uuid, ${r.name}, ${nameSkeleton(r.name)})`),
    );
    await sql`
      UPDATE organisation_names AS n SET skeleton = v.skeleton
      FROM (VALUES ${values}) AS v (organisation_id, name, skeleton)
      WHERE n.organisation_id = v.organisation_id AND n.name = v.name`.execute(db);
  }
  await sql`CREATE INDEX organisation_names_skeleton_idx ON organisation_names (skeleton)`.execute(db);
  await sql`
    CREATE INDEX organisation_names_tender_idx ON organisation_names (tender_id)
      WHERE tender_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE organisation_names DROP COLUMN skeleton, DROP COLUMN tender_id`.execute(db);
  await sql`DROP TRIGGER organisation_names_search_words ON organisation_names`.execute(db);
  await sql`
    CREATE TRIGGER organisation_names_search_words AFTER INSERT OR UPDATE OR DELETE ON organisation_names
      FOR EACH ROW EXECUTE FUNCTION organisation_names_search_words()`.execute(db);
  await sql`DROP INDEX email_confirmation_requests_rate_key_idx`.execute(db);
  await sql`
    CREATE INDEX email_confirmation_requests_address_idx
      ON email_confirmation_requests (lower(address), requested_at)`.execute(db);
  await sql`ALTER TABLE email_confirmation_requests DROP COLUMN rate_key`.execute(db);
}
