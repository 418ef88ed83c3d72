import type { ParsedQuery } from "@tender/contracts";
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../database.js";
import { anyWordText, type LexicalConditions, matchingSql, notExcludedSql } from "./lexical-query-sql.js";

/** What every list of a hybrid search is restricted by. */
export interface ListScope {
  model: string;
  /** The filters as a condition on `t`; `true` when none. */
  tenders: RawBuilder<boolean>;
  conditions: LexicalConditions;
  /** Longest list kept before fusion. */
  depth: number;
}

const TED_SHORT = /^(\d{1,6})-(\d{4})$/;

/** The spellings an identifier may be stored under: as typed, lower case, and a TED number's zero-padded form. */
export function identifierSpellings(identifiers: readonly string[]): string[] {
  const spellings = new Set<string>();
  for (const id of identifiers) {
    spellings.add(id);
    spellings.add(id.toLowerCase());
    const ted = TED_SHORT.exec(id);
    if (ted) spellings.add(`${(ted[1] as string).padStart(6, "0")}-${ted[2]}`);
  }
  return [...spellings];
}

/** The metadata chunk (first position) of each tender selected by `tenders` (a query of `id, rank, published_at`), best rank first, then newest. */
function metadataChunksOf(tenders: RawBuilder<unknown>, scope: ListScope): RawBuilder<{ id: string }> {
  return sql<{ id: string }>`
    SELECT m.id FROM (${tenders}) AS f
    CROSS JOIN LATERAL (${metadataChunkOf(scope)}) AS m
    ORDER BY f.rank DESC, f.published_at DESC, f.id`;
}

/** The first metadata chunk of tender `f.id`, unless it holds an excluded term. */
function metadataChunkOf(scope: ListScope): RawBuilder<unknown> {
  return sql`
    SELECT c.id FROM chunks AS c
    WHERE c.tender_id = f.id AND c.attachment_id IS NULL AND c.embedding_model = ${scope.model}
      AND ${notExcludedSql(scope.conditions)}
    ORDER BY c.position LIMIT 1`;
}

/** Tenders whose `external_id` or procedure key is one of the query's identifiers: their metadata chunks. */
export async function identifierChunks(db: Db, parsed: ParsedQuery, scope: ListScope): Promise<string[]> {
  if (parsed.identifiers.length === 0) return [];
  const ids = identifierSpellings(parsed.identifiers);
  const tenders = sql`
    SELECT t.id, 1 AS rank, t.published_at FROM tenders AS t
    WHERE (t.external_id = ANY(${ids}::text[])
       OR t.procedure_id IN (SELECT id FROM procedures WHERE procedure_key = ANY(${ids}::text[])))
      AND ${scope.tenders}
    LIMIT ${scope.depth}`;
  const { rows } = await metadataChunksOf(tenders, scope).execute(db);
  return rows.map((r) => r.id);
}

/** Tenders whose folded buyer name is the whole folded query: their metadata chunks, newest first. */
export async function buyerChunks(db: Db, query: string, scope: ListScope): Promise<string[]> {
  const tenders = sql`
    SELECT t.id, 1 AS rank, t.published_at FROM tenders AS t
    WHERE organisation_search_name(t.buyer_name) = organisation_search_name(${query}::text) AND ${scope.tenders}
    ORDER BY t.published_at DESC, t.id LIMIT ${scope.depth}`;
  const { rows } = await metadataChunksOf(tenders, scope).execute(db);
  return rows.map((r) => r.id);
}

/** Chunks holding the query's words and phrases, densest first (`ts_rank_cd`, length-normalised), chunk id breaking ties. */
export async function wordChunks(db: Db, scope: ListScope): Promise<string[]> {
  const { positive } = scope.conditions;
  const matching = matchingSql(scope.conditions);
  if (!positive || !matching) return [];
  const { rows } = await sql<{ id: string }>`
    SELECT c.id FROM chunks AS c JOIN tenders AS t ON t.id = c.tender_id
    WHERE ${matching} AND c.embedding_model = ${scope.model} AND ${scope.tenders}
    ORDER BY ts_rank_cd(c.lexemes, ${positive}, 1) DESC, c.id
    LIMIT ${scope.depth}`.execute(db);
  return rows.map((r) => r.id);
}

/** How many codes the query's best label matches may name, and how close to the best they must score. */
const CONCEPT_CODES = 12;
const CONCEPT_SHARE = 0.5;
/** A notice classified one level below a matched code counts this much less than one classified under the code itself. */
const PER_LEVEL = 0.8;

/** The significant prefix of a CPV code column or value (as `cpvPrefixOf` of `@tender/cpv`). */
const prefixOf = (code: RawBuilder<unknown>) =>
  sql`CASE WHEN length(rtrim(${code}, '0')) < 2 THEN left(${code}, 2) ELSE rtrim(${code}, '0') END`;

/**
 * The CPV concepts a query names (docs/api.md#hybrid-search), as a query of `code, score, prefix`:
 * each label of the vocabulary (24 languages, migration 0039) is compared with the query's words
 * read by the label's own configuration, as the cosine of their rarity-weighted word sets; a
 * code scores its best label. The codes scoring at least CONCEPT_SHARE of the best, at most
 * CONCEPT_CODES, and at least `minScore`. Null when the query has no positive word.
 */
export function conceptCodesSql(
  parsed: ParsedQuery,
  minScore = 0,
): RawBuilder<{ code: string; score: number; prefix: string }> | null {
  const words = anyWordText(parsed);
  if (words === "") return null;
  const plain = parsed.groups
    .flat()
    .map((t) => t.text)
    .join(" ");
  return sql`
    WITH q AS (
      -- Every word of the query counts in its length; one no label holds, as the rarest.
      SELECT DISTINCT cfg.config, w.lexeme, coalesce(lt.weight, cfg.unseen_weight) AS weight,
             lt.weight IS NOT NULL AS known
      FROM cpv_label_configs AS cfg
      CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector(cfg.config, ${plain}::text))) AS w(lexeme)
      -- One primary-key probe per word, never a scan of every term.
      LEFT JOIN LATERAL (
        SELECT t.weight FROM cpv_label_terms AS t WHERE t.config = cfg.config AND t.lexeme = w.lexeme) AS lt ON true
    ), qn AS (
      SELECT config, sqrt(sum(weight * weight)) AS norm FROM q GROUP BY config
    ), scored AS (
      SELECT l.code, max(s.dot / (qn.norm * l.norm)) AS score
      FROM cpv_labels AS l JOIN qn ON qn.config = l.config
      CROSS JOIN LATERAL (
        SELECT sum(q.weight * q.weight) AS dot FROM unnest(tsvector_to_array(l.lexemes)) AS lw(lexeme)
        JOIN q ON q.config = l.config AND q.lexeme = lw.lexeme) AS s
      -- The labels holding a word of the query that some label holds, in one scan of the GIN
      -- index (the lexemes read back by websearch_to_tsquery, which never fails on any text).
      WHERE l.lexemes @@ (SELECT websearch_to_tsquery('simple', string_agg(DISTINCT '"' || lexeme || '"', ' OR '))
                          FROM q WHERE known)
        AND l.norm > 0
      GROUP BY l.code
    )
    SELECT code, score, ${prefixOf(sql`code`)} AS prefix
    FROM scored WHERE score >= GREATEST(${minScore}::float8, ${CONCEPT_SHARE} * (SELECT max(score) FROM scored))
    ORDER BY score DESC, code LIMIT ${CONCEPT_CODES}`;
}

/**
 * The notices classified under the query's CPV concepts ({@link conceptCodesSql}) or a narrower
 * code, each scoring its best code's score times PER_LEVEL per level between the two: their
 * metadata chunks, best first, newest breaking ties.
 */
export async function cpvConceptChunks(
  db: Db,
  parsed: ParsedQuery,
  scope: ListScope,
): Promise<{ ids: string[]; confidence: number }> {
  const codes = conceptCodesSql(parsed);
  if (!codes) return { ids: [], confidence: 0 };
  // The codes first, then the tenders through the GIN index of cpv_prefixes.
  const tenders = sql`
    WITH k AS MATERIALIZED (${codes})
    SELECT t.id, max(k.score * power(${PER_LEVEL}::float8, length(${prefixOf(sql`tc`)}) - length(k.prefix))) AS rank,
           max(t.published_at) AS published_at, max(max(k.score)) OVER () AS confidence
    FROM tenders AS t
    CROSS JOIN LATERAL unnest(t.cpv_codes) AS tc
    JOIN k ON starts_with(tc, k.prefix)
    WHERE t.cpv_prefixes && ARRAY(SELECT prefix FROM k) AND ${scope.tenders}
    GROUP BY t.id
    ORDER BY rank DESC, published_at DESC, t.id
    LIMIT ${scope.depth}`;
  const { rows } = await sql<{ id: string; confidence: number }>`
    SELECT m.id, f.confidence FROM (${tenders}) AS f
    CROSS JOIN LATERAL (${metadataChunkOf(scope)}) AS m
    ORDER BY f.rank DESC, f.published_at DESC, f.id`.execute(db);
  return { ids: rows.map((r) => r.id), confidence: Number(rows[0]?.confidence ?? 0) };
}
