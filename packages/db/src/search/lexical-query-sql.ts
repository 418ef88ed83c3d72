import { type ParsedQuery, type QueryTerm, renderWebsearch } from "@tender/contracts";
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../database.js";
import { LEXICAL_CONFIGS } from "./lexical-config.js";

/**
 * `websearch_to_tsquery` of `text` read by each configuration a chunk may be indexed with.
 * `text` is always a rendering of parsed terms (each quoted), so the user's text never reaches
 * the tsquery syntax.
 */
function readingsByConfig(text: string): RawBuilder<string>[] {
  return LEXICAL_CONFIGS.map(
    (config) => sql<string>`websearch_to_tsquery(${config}::regconfig, ${text}::text)`,
  );
}

/**
 * `text` read by every configuration a chunk may be indexed with, joined by OR: a chunk matches
 * when its own configuration's reading of the query matches it. Empty text: an empty tsquery,
 * which matches nothing.
 */
export function anyConfigTsquery(text: string): RawBuilder<string> {
  return sql<string>`(${sql.join(readingsByConfig(text), sql` || `)})`;
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
 * {@link anyConfigTsquery} of `text`. Stored by hybrid saved searches (migration 0042): an array,
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

/**
 * The tsqueries of a parsed query (docs/api.md#hybrid-search) as constants, read in one round
 * trip: each distinct reading of the configurations once, joined by OR (most of the 16 read a
 * query alike). They match the same chunks as {@link lexicalConditions}' and rank them alike
 * (`ts_rank_cd` finds the same covers), but the GIN index and every chunk's check test one
 * reading instead of 16: `"school catering" -harbour` over 100,000 chunks holding those words
 * took 270 ms in the index with the 16 readings, about 35 ms with the 3 distinct ones
 * (docs/benchmarks.md#hybrid-search-cost). A side with no reading (only stop words): null.
 */
export async function readLexicalConditions(db: Db, parsed: ParsedQuery): Promise<LexicalConditions> {
  const positive = renderWebsearch(parsed.groups);
  const excluded = renderWebsearch([parsed.excluded]);
  if (positive === "" && excluded === "") return { positive: null, excluded: null };
  const { rows } = await sql<{ positive: string[]; excluded: string[] }>`
    SELECT ARRAY[${sql.join(readingsByConfig(positive))}]::text[] AS positive,
           ARRAY[${sql.join(readingsByConfig(excluded))}]::text[] AS excluded`.execute(db);
  const anyReading = (readings: readonly string[] | undefined): RawBuilder<string> | null => {
    // A tsquery's text form reads back as the same tsquery.
    const distinct = [...new Set((readings ?? []).filter((r) => r !== ""))];
    return distinct.length === 0
      ? null
      : sql<string>`${distinct.map((r) => `( ${r} )`).join(" | ")}::tsquery`;
  };
  return { positive: anyReading(rows[0]?.positive), excluded: anyReading(rows[0]?.excluded) };
}

/** Every word of the positive terms, each quoted and joined by OR: the query as the CPV labels are matched with it. */
export function anyWordText(parsed: ParsedQuery): string {
  const words = parsed.groups.flat().flatMap((term: QueryTerm) => term.text.split(" "));
  return renderWebsearch([words.map((text) => ({ kind: "word" as const, text }))]);
}

/**
 * "chunk `c` holds the positive terms and none of the excluded ones" as one tsquery `P & !E`,
 * the same chunks as `c.lexemes @@ P AND NOT (c.lexemes @@ E)`; null when nothing is positive.
 * With the conditions of {@link readLexicalConditions} (constants, never empty) the GIN index
 * then drops a chunk holding an excluded word without reading the chunk, where the two
 * conditions read every candidate's lexemes (stored out of line, in TOAST) twice: a phrase with an
 * exclusion whose words every chunk holds took a second at 100,000 chunks
 * (docs/benchmarks.md#hybrid-search-cost). Chunk lexemes always hold positions, so the phrase
 * operators answer exactly and `!` is plain negation.
 */
export function matchingSql(conditions: LexicalConditions): RawBuilder<boolean> | null {
  const { positive, excluded } = conditions;
  if (!positive) return null;
  return excluded
    ? sql<boolean>`c.lexemes @@ (${positive} && !!${excluded})`
    : sql<boolean>`c.lexemes @@ ${positive}`;
}

/** "chunk `c` holds none of the excluded terms" (true when nothing is excluded). */
export function notExcludedSql(conditions: LexicalConditions): RawBuilder<boolean> {
  return conditions.excluded ? sql<boolean>`NOT (c.lexemes @@ ${conditions.excluded})` : sql<boolean>`true`;
}
