import { type Kysely, sql } from "kysely";

/**
 * A hybrid saved search's `match_query` and `match_excluded` become arrays: the query as each
 * text search configuration reads it, each distinct reading once (`configReadings`). A `tsquery` is
 * never moved out of its row (its storage is PLAIN), and one that ORs every configuration's
 * reading took 3–4 KB for a CPV label and more for a query of 32 terms: with the saved search's
 * half-precision vector (2 KB, PLAIN too) the row passed PostgreSQL's 8 KB limit and saving the
 * query failed ("row is too big"). An array is compressed and, if need be, stored apart. A row
 * written before keeps its one OR'd tsquery as a one-element array, which matches the same.
 *
 * `tsvector_concat_agg`: `||` over rows (each operand's positions shifted past the previous
 * one's), so the notifier reads a tender's chunks as one text before checking them one by one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE AGGREGATE tsvector_concat_agg(tsvector) (SFUNC = tsvector_concat, STYPE = tsvector, INITCOND = '')`.execute(
    db,
  );
  await sql`
    ALTER TABLE saved_searches
      ALTER COLUMN match_query TYPE tsquery[] USING CASE WHEN match_query IS NULL THEN NULL ELSE ARRAY[match_query] END,
      ALTER COLUMN match_excluded TYPE tsquery[] USING CASE WHEN match_excluded IS NULL THEN NULL ELSE ARRAY[match_excluded] END`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP AGGREGATE tsvector_concat_agg(tsvector)`.execute(db);
  // The OR of the readings, as 0038 stored it (no reading: the empty tsquery, which matches nothing).
  await sql`
    CREATE OR REPLACE FUNCTION pg_temp.or_readings(readings tsquery[]) RETURNS tsquery LANGUAGE sql IMMUTABLE STRICT AS $$
      SELECT coalesce(string_agg('(' || r::text || ')', ' | ')::tsquery, ''::tsquery)
      FROM unnest(readings) AS r WHERE numnode(r) > 0 $$`.execute(db);
  await sql`
    ALTER TABLE saved_searches
      ALTER COLUMN match_query TYPE tsquery USING pg_temp.or_readings(match_query),
      ALTER COLUMN match_excluded TYPE tsquery USING pg_temp.or_readings(match_excluded)`.execute(db);
}
