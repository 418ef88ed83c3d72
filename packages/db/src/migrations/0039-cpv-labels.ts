import { CPV_LANGUAGES, cpvVocabulary } from "@tender/cpv";
import { type Kysely, sql } from "kysely";
import { lexicalConfigOf } from "../search/lexical-config.js";

const BATCH = 20_000;

/**
 * The CPV vocabulary for hybrid Search (docs/api.md#hybrid-search): every official label of
 * every code in the 24 languages (`@tender/cpv`), read with its language's text search
 * configuration (migration 0038) into `lexemes`, GIN-indexed; `cpv_label_terms` weighs each
 * word by its rarity among the labels of its configuration (ln(1 + labels / labels holding it)),
 * (`cpv_label_configs.unseen_weight`: a word none holds), and `cpv_labels.norm` is the length of a label's weighted words, so a query is compared with a
 * label as the cosine of their weighted word sets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE cpv_labels (
      code     char(8) NOT NULL,
      lang     char(3) NOT NULL,
      label    text NOT NULL,
      config   regconfig NOT NULL,
      lexemes  tsvector GENERATED ALWAYS AS (to_tsvector(config, label)) STORED,
      norm     real,
      PRIMARY KEY (code, lang)
    )`.execute(db);
  const rows: { code: string; lang: string; label: string; config: string }[] = [];
  for (const entry of cpvVocabulary().values())
    for (const lang of CPV_LANGUAGES) {
      const label = entry.labels[lang];
      if (label) rows.push({ code: entry.code, lang, label, config: lexicalConfigOf(lang) });
    }
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    await sql`
      INSERT INTO cpv_labels (code, lang, label, config)
      SELECT * FROM unnest(${batch.map((r) => r.code)}::text[], ${batch.map((r) => r.lang)}::text[],
                           ${batch.map((r) => r.label)}::text[], ${batch.map((r) => r.config)}::regconfig[])`.execute(
      db,
    );
  }
  await sql`CREATE INDEX cpv_labels_lexemes_idx ON cpv_labels USING gin (lexemes)`.execute(db);
  await sql`
    CREATE TABLE cpv_label_terms (
      config regconfig NOT NULL,
      lexeme text NOT NULL,
      weight real NOT NULL,
      PRIMARY KEY (config, lexeme)
    )`.execute(db);
  // A word no label of the configuration holds weighs as the rarest: ln(1 + labels).
  await sql`
    CREATE TABLE cpv_label_configs (config regconfig PRIMARY KEY, unseen_weight real NOT NULL)`.execute(db);
  await sql`
    INSERT INTO cpv_label_configs (config, unseen_weight)
    SELECT config, ln(1 + count(*)::float8) FROM cpv_labels GROUP BY config`.execute(db);
  await sql`
    INSERT INTO cpv_label_terms (config, lexeme, weight)
    SELECT l.config, w.lexeme, ln(1 + n.labels::float8 / count(*))
    FROM cpv_labels AS l
    CROSS JOIN LATERAL unnest(tsvector_to_array(l.lexemes)) AS w(lexeme)
    JOIN (SELECT config, count(*) AS labels FROM cpv_labels GROUP BY config) AS n ON n.config = l.config
    GROUP BY l.config, w.lexeme, n.labels`.execute(db);
  await sql`
    UPDATE cpv_labels AS l SET norm = (
      SELECT sqrt(sum(t.weight * t.weight)) FROM unnest(tsvector_to_array(l.lexemes)) AS w(lexeme)
      JOIN cpv_label_terms AS t ON t.config = l.config AND t.lexeme = w.lexeme)`.execute(db);
  await sql`ANALYZE cpv_labels`.execute(db);
  await sql`ANALYZE cpv_label_terms`.execute(db);
  await sql`ANALYZE cpv_label_configs`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE cpv_label_configs`.execute(db);
  await sql`DROP TABLE cpv_label_terms`.execute(db);
  await sql`DROP TABLE cpv_labels`.execute(db);
}
