import { parseQuerySyntax } from "@tender/contracts";
import { sql } from "kysely";
import type { Db } from "../database.js";
import { LEXICAL_CONFIGS } from "../search/lexical-config.js";
import { conceptCodesSql, identifierSpellings } from "../search/lexical-lists.js";
import { configReadings, lexicalTexts } from "../search/lexical-query-sql.js";

/**
 * How closely a label must match the query for an alert to follow its CPV concept (the cosine of
 * their weighted words): Search ranks loose resemblances low, but an alert is yes or no, so only
 * a concept the query names (a cosine of 0.7 or more: most of both) counts.
 */
const NAMED_CONCEPT = 0.7;

/**
 * Stores how the notifier matches a hybrid saved search's `query` (docs/api.md#saved-searches),
 * read as hybrid Search reads it: its words and phrases as every configuration reads them
 * (`match_query`, `configReadings`), its exclusions likewise (`match_excluded`), the prefixes of the CPV concepts it names
 * (`match_cpv`), its identifiers (`match_ids`), the folded query as a buyer name (`match_buyer`),
 * and the keys a tender may share with it (`match_keys`, migration 0038).
 */
export async function setHybridMatch(db: Db, id: string, query: string): Promise<void> {
  const parsed = parseQuerySyntax(query);
  const { positive, excluded } = lexicalTexts(parsed);
  const codes = conceptCodesSql(parsed, NAMED_CONCEPT);
  const ids = identifierSpellings(parsed.identifiers);
  const words = parsed.groups
    .flat()
    .map((t) => t.text)
    .join(" ");
  await sql`
    UPDATE saved_searches SET
      match_query = ${positive === "" ? sql`NULL` : configReadings(positive)},
      match_excluded = ${excluded === "" ? sql`NULL` : configReadings(excluded)},
      match_cpv = ${codes ? sql`ARRAY(SELECT k.prefix FROM (${codes}) AS k)` : sql`'{}'::text[]`},
      match_ids = ${ids}::text[],
      match_buyer = organisation_search_name(${query}::text),
      match_keys = ARRAY(
        SELECT DISTINCT 'w:' || w.lexeme
        FROM unnest(${LEXICAL_CONFIGS}::regconfig[]) AS cfg(config)
        CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector(cfg.config, ${words}::text))) AS w(lexeme)
        UNION SELECT 'c:' || k.prefix FROM (${codes ?? sql`SELECT NULL::text AS prefix WHERE false`}) AS k
        UNION SELECT 'i:' || i FROM unnest(${ids}::text[]) AS i
        UNION SELECT 'b:' || organisation_search_name(${query}::text))
    WHERE id = ${id}`.execute(db);
}
