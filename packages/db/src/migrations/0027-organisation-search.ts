import { type Kysely, sql } from "kysely";

/**
 * Organisation search and pages (docs/records.md#awards-and-organisations), read-side only:
 * writers of organisations and awards need not know any of it.
 *
 * - `organisation_search_name(text)`: the database's fold of a name (NFKC, `&` as "and", lower
 *   case, accents removed by `unaccent`, dots and apostrophes dropped, other punctuation one
 *   space). It is the first half of `normaliseOrganisationName` of `@tender/organisations`; legal
 *   forms are kept, so "ACME Limited" folds to `acme limited` and the query "acme ltd" (normalised
 *   to `acme`) finds it as a prefix.
 * - `organisations.search_name` (generated, collation "C"): the folded shown name, the order of
 *   search results; one btree serves both its prefix range (`LIKE 'acm%'`) and that order.
 * - `organisations.search_words` (tsvector, `simple`, no positions): every word of every
 *   spelling, kept by a trigger on `organisation_names`, for word and last-word-prefix matches
 *   through one GIN index on the organisation itself (no join, so a page never scans spellings).
 * - A trigger keeps the shown name among the spellings, so every organisation can be found.
 * - `organisations_identifier_idx`: exact match on a registered identifier.
 * - `award_winners_organisation_award_idx`: an organisation's awards, index-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
  // A SQL-standard body binds unaccent and its dictionary at creation, whatever the search_path.
  await sql`
    CREATE FUNCTION organisation_search_name(name text) RETURNS text
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      RETURN btrim(regexp_replace(regexp_replace(
        lower(unaccent('unaccent'::regdictionary, normalize(replace(name, '&', ' and '), NFKC))),
        '[.''’\`´]+', '', 'g'), '[^[:alnum:]]+', ' ', 'g'))`.execute(db);
  await sql`
    ALTER TABLE organisations ADD COLUMN search_name text COLLATE "C"
      GENERATED ALWAYS AS (organisation_search_name(name)) STORED`.execute(db);
  await sql`CREATE INDEX organisations_search_name_idx ON organisations (search_name, id)`.execute(db);
  await sql`CREATE INDEX organisations_country_search_name_idx ON organisations (country, search_name, id)`.execute(
    db,
  );
  await sql`CREATE INDEX organisations_identifier_idx ON organisations (identifier) WHERE identifier IS NOT NULL`.execute(
    db,
  );
  // An organisation's awards as an index-only scan, without a visit to each winner row.
  await sql`CREATE INDEX award_winners_organisation_award_idx ON award_winners (organisation_id, award_id)`.execute(
    db,
  );
  await sql`ALTER TABLE organisations ADD COLUMN search_words tsvector NOT NULL DEFAULT ''`.execute(db);
  await sql`CREATE INDEX organisations_search_words_idx ON organisations USING gin (search_words)`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION organisations_keep_shown_name() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO organisation_names (organisation_id, name) VALUES (NEW.id, NEW.name)
        ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER organisations_keep_shown_name AFTER INSERT OR UPDATE OF name ON organisations
      FOR EACH ROW EXECUTE FUNCTION organisations_keep_shown_name()`.execute(db);
  // The words of an organisation's first 100 spellings: at most 100 × 1,000 characters, far
  // below the 1 MB a tsvector may hold, however many spellings hostile notices add.
  await sql`
    CREATE FUNCTION organisation_search_words(organisation uuid) RETURNS tsvector
      LANGUAGE sql STABLE
      RETURN coalesce((
        SELECT strip(to_tsvector('simple', string_agg(organisation_search_name(n.name), ' ')))
        FROM (SELECT name FROM organisation_names WHERE organisation_id = organisation
              ORDER BY first_seen_at, name LIMIT 100) AS n), '')`.execute(db);
  // A new spelling adds its words (while they stay under 256 kB); a removed or edited one (rare)
  // recomputes them.
  await sql`
    CREATE FUNCTION organisation_names_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        UPDATE organisations
          SET search_words = search_words || strip(to_tsvector('simple', organisation_search_name(NEW.name)))
          WHERE id = NEW.organisation_id AND pg_column_size(search_words) < 262144;
      ELSE
        UPDATE organisations AS o SET search_words = organisation_search_words(o.id)
          WHERE o.id = OLD.organisation_id OR (TG_OP = 'UPDATE' AND o.id = NEW.organisation_id);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER organisation_names_search_words AFTER INSERT OR UPDATE OR DELETE ON organisation_names
      FOR EACH ROW EXECUTE FUNCTION organisation_names_search_words()`.execute(db);
  await sql`
    INSERT INTO organisation_names (organisation_id, name) SELECT id, name FROM organisations
      ON CONFLICT DO NOTHING`.execute(db);
  await sql`UPDATE organisations AS o SET search_words = organisation_search_words(o.id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER organisations_keep_shown_name ON organisations`.execute(db);
  await sql`DROP FUNCTION organisations_keep_shown_name()`.execute(db);
  await sql`DROP TRIGGER organisation_names_search_words ON organisation_names`.execute(db);
  await sql`DROP FUNCTION organisation_names_search_words()`.execute(db);
  await sql`DROP FUNCTION organisation_search_words(uuid)`.execute(db);
  await sql`ALTER TABLE organisations DROP COLUMN search_words`.execute(db);
  await sql`DROP INDEX organisations_identifier_idx`.execute(db);
  await sql`DROP INDEX award_winners_organisation_award_idx`.execute(db);
  await sql`ALTER TABLE organisations DROP COLUMN search_name`.execute(db);
  await sql`DROP FUNCTION organisation_search_name(text)`.execute(db);
}
