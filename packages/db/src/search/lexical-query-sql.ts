import { type ParsedQuery, type QueryTerm, renderWebsearch } from "@tender/contracts";
import { type RawBuilder, sql } from "kysely";
import { LEXICAL_CONFIGS } from "./lexical-config.js";

/**
 * `websearch_to_tsquery` of `text` read by every configuration a chunk may be indexed with,
 * joined by OR: a chunk matches when its own configuration's reading of the query matches it.
 * `text` is always a rendering of parsed terms (each quoted), so the user's text never reaches
 * the tsquery syntax. Empty text: an empty tsquery, which matches nothing.
 */
export function anyConfigTsquery(text: string): RawBuilder<string> {
  return sql<string>`(${sql.join(
    LEXICAL_CONFIGS.map((config) => sql`websearch_to_tsquery(${config}::regconfig, ${text}::text)`),
    sql` || `,
  )})`;
}

/** What a chunk's `lexemes` must match (the query's groups) and must not (its exclusions); null when there is nothing positive. */
export interface LexicalConditions {
  positive: RawBuilder<string> | null;
  /** Null when nothing is excluded. */
  excluded: RawBuilder<string> | null;
}

/**
 * `text` as each configuration a chunk may be indexed with reads it, each distinct reading once
 * and none empty: a chunk's `lexemes` match `@@ ANY(...)` of it exactly when they match
 * {@link anyConfigTsquery} of `text`. Stored by hybrid saved searches (migration 0040): an array,
 * unlike one tsquery, may be compressed and stored apart from its row.
 */
export function configReadings(text: string): RawBuilder<string[]> {
  return sql<string[]>`ARRAY(
    SELECT DISTINCT q FROM unnest(${LEXICAL_CONFIGS}::regconfig[]) AS cfg(config),
      websearch_to_tsquery(cfg.config, ${text}::text) AS q
    WHERE numnode(q) > 0)`;
}

/** A parsed query's groups and its exclusions, each rendered for `websearch_to_tsquery` ("" when there are none). */
export function lexicalTexts(parsed: ParsedQuery): { positive: string; excluded: string } {
  return { positive: renderWebsearch(parsed.groups), excluded: renderWebsearch([parsed.excluded]) };
}

/** The tsqueries of a parsed query (docs/api.md#hybrid-search). */
export function lexicalConditions(parsed: ParsedQuery): LexicalConditions {
  const { positive, excluded } = lexicalTexts(parsed);
  return {
    positive: positive === "" ? null : anyConfigTsquery(positive),
    excluded: excluded === "" ? null : anyConfigTsquery(excluded),
  };
}

/** Every word of the positive terms, each quoted and joined by OR: the query as the CPV labels are matched with it. */
export function anyWordText(parsed: ParsedQuery): string {
  const words = parsed.groups.flat().flatMap((term: QueryTerm) => term.text.split(" "));
  return renderWebsearch([words.map((text) => ({ kind: "word" as const, text }))]);
}

/** "chunk `c` holds none of the excluded terms" (true when nothing is excluded). */
export function notExcludedSql(conditions: LexicalConditions): RawBuilder<boolean> {
  return conditions.excluded ? sql<boolean>`NOT (c.lexemes @@ ${conditions.excluded})` : sql<boolean>`true`;
}
