import { type Kysely, sql } from "kysely";

/** PostgreSQL's stemmers the chunks are indexed with; every other language is folded words only. */
export const STEMMED_LANGUAGES = [
  "danish",
  "dutch",
  "english",
  "finnish",
  "french",
  "german",
  "greek",
  "hungarian",
  "irish",
  "italian",
  "lithuanian",
  "portuguese",
  "romanian",
  "spanish",
  "swedish",
] as const;

const WORD_TOKENS =
  "asciiword, asciihword, hword_asciipart, word, hword, hword_part, numword, numhword, hword_numpart";

/**
 * Lexical search over the chunks (docs/api.md#hybrid-search), in PostgreSQL alone:
 *
 * - text search configurations `tender_<language>` for each of {@link STEMMED_LANGUAGES}
 *   (accents removed by `unaccent`, then the language's Snowball stemmer, which also lowers case
 *   and drops its stop words) and `tender_simple` (accents removed, lower case, no stemming) for
 *   the others;
 * - `chunks.lexical_config`: the configuration of the chunk's language, chosen by the indexer
 *   (`tender_simple` for chunks written before: folded words until re-indexed);
 * - `chunks.lexemes`: the chunk's words as that configuration reads them, generated from
 *   `content`, with a GIN index;
 * - lookups of the identifiers a query may name: `tenders(external_id)`, the folded buyer name,
 *   `procedures(procedure_key)`;
 * - saved searches' `mode` and, for hybrid ones, the query as the notifier matches it: `match_query`
 *   and `match_excluded` (tsqueries read by every configuration), `match_cpv` (the prefixes of the
 *   CPV concepts it names), `match_ids` (identifier spellings), `match_buyer` (the folded query),
 *   and `match_keys` (`w:` each word, `c:` each prefix, `i:` each identifier, `b:` the buyer), GIN-
 *   indexed, through which a new tender finds the hybrid saved searches it may match.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
  await sql`CREATE TEXT SEARCH CONFIGURATION tender_simple (COPY = simple)`.execute(db);
  await sql
    .raw(
      `ALTER TEXT SEARCH CONFIGURATION tender_simple ALTER MAPPING FOR ${WORD_TOKENS} WITH unaccent, simple`,
    )
    .execute(db);
  for (const language of STEMMED_LANGUAGES) {
    await sql.raw(`CREATE TEXT SEARCH CONFIGURATION tender_${language} (COPY = ${language})`).execute(db);
    await sql
      .raw(
        `ALTER TEXT SEARCH CONFIGURATION tender_${language} ALTER MAPPING FOR ${WORD_TOKENS} WITH unaccent, ${language}_stem`,
      )
      .execute(db);
  }
  await sql`ALTER TABLE chunks ADD COLUMN lexical_config regconfig NOT NULL DEFAULT 'tender_simple'`.execute(
    db,
  );
  await sql`
    ALTER TABLE chunks ADD COLUMN lexemes tsvector
      GENERATED ALWAYS AS (to_tsvector(lexical_config, content)) STORED`.execute(db);
  await sql`CREATE INDEX chunks_lexemes_idx ON chunks USING gin (lexemes)`.execute(db);
  await sql`CREATE INDEX tenders_external_id_idx ON tenders (external_id)`.execute(db);
  await sql`CREATE INDEX tenders_buyer_search_name_idx ON tenders (organisation_search_name(buyer_name))`.execute(
    db,
  );
  await sql`CREATE INDEX procedures_procedure_key_idx ON procedures (procedure_key)`.execute(db);
  await sql`
    ALTER TABLE saved_searches
      ADD COLUMN mode text NOT NULL DEFAULT 'vector' CONSTRAINT saved_searches_mode_check CHECK (mode IN ('vector', 'hybrid')),
      ADD COLUMN match_query tsquery,
      ADD COLUMN match_excluded tsquery,
      ADD COLUMN match_cpv text[],
      ADD COLUMN match_ids text[],
      ADD COLUMN match_buyer text,
      ADD COLUMN match_keys text[]`.execute(db);
  await sql`
    CREATE INDEX saved_searches_match_keys_idx ON saved_searches USING gin (match_keys) WHERE mode = 'hybrid'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE saved_searches DROP COLUMN mode, DROP COLUMN match_query, DROP COLUMN match_excluded,
      DROP COLUMN match_cpv, DROP COLUMN match_ids, DROP COLUMN match_buyer, DROP COLUMN match_keys`.execute(
    db,
  );
  await sql`DROP INDEX procedures_procedure_key_idx`.execute(db);
  await sql`DROP INDEX tenders_buyer_search_name_idx`.execute(db);
  await sql`DROP INDEX tenders_external_id_idx`.execute(db);
  await sql`ALTER TABLE chunks DROP COLUMN lexemes, DROP COLUMN lexical_config`.execute(db);
  for (const language of STEMMED_LANGUAGES)
    await sql.raw(`DROP TEXT SEARCH CONFIGURATION tender_${language}`).execute(db);
  await sql`DROP TEXT SEARCH CONFIGURATION tender_simple`.execute(db);
}
