import { type RawBuilder, sql } from "kysely";

/**
 * The one rule of who gets alerts: the condition "the saved search `alias` (a `saved_searches`
 * row in the query) may alert", that is, its API key is enabled. Matching new tenders, claiming
 * webhook deliveries and any later channel (mail digests) all use this, so disabling a key stops
 * every alert at once and enabling it again resumes them.
 */
export function alertingSavedSearchSql(alias: string): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (
    SELECT 1 FROM api_keys AS alerting_key
    WHERE alerting_key.id = ${sql.ref(`${alias}.api_key_id`)} AND alerting_key.enabled)`;
}
