import type { TenderFilters, TenderSummaryRow } from "@tender/contracts";
import { type RawBuilder, sql } from "kysely";
import { tenderFilterSql } from "../browse/tender-filter-sql.js";
import { TENDER_SUMMARY_COLUMNS } from "../browse/tender-summary-sql.js";
import type { Db } from "../database.js";
import { vectorParam } from "../sql/vector-param.js";
import { cpvLevelWeightSql, cpvMatchSql } from "./cpv-match-sql.js";
import { FRAMEWORK_SQL } from "./framework-sql.js";
import { similarWordsCtes, textScoreSql, wordNeighboursSql, wordShareSql } from "./similar-words-sql.js";

/** What the similar contracts are like: a stored tender's own text, or a query's vector. */
export type SimilarText = { tenderId: string } | { embedding: readonly number[] } | null;

export interface SimilarAwardsInput {
  /** The text to compare with the award notices' own text (their metadata chunks); null: none known. */
  like: SimilarText;
  /** The words the notices' metadata text is compared by (the tender's title, the query); null: none. */
  words: string | null;
  /** Only chunks of this embedding model compare. */
  model: string;
  /** Specific CPV codes (`specificCpvCodes`); empty: the text alone decides. */
  cpvCodes: readonly string[];
  /** The buyer's countries: a notice in one of them ranks a little higher. */
  countries: readonly string[];
  /** The value stated, when known: a notice of the same currency and order of magnitude ranks a little higher. */
  value: { amount: string; currency: string } | null;
  /** Never the notices of this procedure (the tender's own). */
  excludeProcedureId: string | null;
  excludeTenderId: string | null;
  /** A notice sharing no specific CPV code counts only when its text scores at least this. */
  minTextScore: number;
  /** Browse filters: currency and value range apply to the award values (or, without them, the notice's stated value). */
  filters?: TenderFilters;
  /** Only this buyer's notices (its organisation, or its name when it has none), sharing a CPV level of at least `minCpvLevel`. */
  sameBuyer?: { organisationId: string | null; name: string; minCpvLevel: number };
  now: Date;
  limit: number;
  /** After this `score` (text form) and notice id. */
  after?: { key: string; id: string };
  /**
   * Score every current award notice instead of the candidates (the notices sharing a CPV class,
   * and the {@link textNeighbours} closest texts): the exact ranking the benchmark measures the
   * candidates' recall against. Seconds at a million notices: never on a request.
   */
  exhaustive?: boolean;
}

/** An award notice like the tender, with why. */
export interface SimilarAwardRow extends TenderSummaryRow {
  buyer_organisation_id: string | null;
  /** The value its procedure's latest call for competition estimated, when stated. */
  estimated_amount: string | null;
  estimated_currency: string | null;
  /** True: a framework agreement or dynamic purchasing system (its values are ceilings); null: the notice does not say. */
  framework: boolean | null;
  /** The ranking score as text (numeric, 6 decimals): the cursor's key. */
  score: string;
  text_score: number | null;
  cpv_level: number | null;
  cpv_prefix: string | null;
  shared_country: string | null;
  value_closeness: number;
}

/**
 * Kinds of notices that carry awarded contracts, as literal SQL: the partial GIN index of award
 * notices' CPV prefixes (migration 0041) is chosen only when the query states its predicate.
 */
const AWARD_KINDS_SQL = sql<boolean>`t.kind IN ('result', 'modification')`;

/**
 * How many award notices, closest by text first, are candidates without sharing a CPV class:
 * twice the rows asked for, at least 50 and at most 200 (a summary's 100 reach 200); found
 * through the HNSW index of metadata chunks (migration 0041), approximate (recall measured in
 * docs/benchmarks.md). Each costs the HNSW search about four index entries at a quarter of
 * notices awarded, hence no more than a page needs.
 */
export function textNeighbours(limit: number): number {
  return Math.min(200, Math.max(50, 2 * limit));
}
/**
 * Below this many award notices sharing a class (what a summary reads), those sharing only a
 * group are candidates too: a rare class's summary is not cut short for want of candidates.
 */
const FEW_IN_CLASS = 100;

/**
 * The prefixes a candidate must share one of: each code's class (first four digits), or its group
 * (three) for a group-level code. Every CPV level the score counts for a class-level code is
 * the class or finer, so only group-level matches of class-level codes are not candidates by CPV.
 */
export function cpvClassPrefixes(codes: readonly string[]): string[] {
  return [...new Set(codes.map((code) => code.slice(0, Math.min(4, code.replace(/0+$/, "").length))))];
}

/**
 * The current result and modification notices of other procedures most like the input, best
 * first (score descending, id ascending), one keyset page: score = text similarity (1 − cosine
 * distance of the closest metadata chunks, 0 without text) + the CPV level's weight + 0.05 for a
 * shared buyer country + up to 0.05 for a value of the same currency and order of magnitude.
 * Candidates (so that the cost follows the tender's classes, not the number of awards): the
 * notices sharing a CPV class ({@link cpvClassPrefixes}, through `tenders.cpv_prefixes`' GIN
 * index; a group too when the class has few) and the {@link textNeighbours} closest by text
 * within the filters (HNSW index). A candidate counts when it shares a specific CPV code or its
 * text scores at least `minTextScore`.
 */
export async function listSimilarAwardNotices(db: Db, input: SimilarAwardsInput): Promise<SimilarAwardRow[]> {
  if (input.exhaustive || !input.like || input.sameBuyer) return similarAwardNotices(db, input);
  // The HNSW scan's settings hold for this transaction only; iterative: it reads on until enough
  // neighbours pass the join's conditions (award kinds, filters), not just the first ef_search.
  return db.transaction().execute(async (trx) => {
    // ef_search as long as what it returns, so its recall does not fall off at the end.
    await sql`SET LOCAL hnsw.ef_search = ${sql.lit(textNeighbours(input.limit))}`.execute(trx);
    await sql`SET LOCAL hnsw.iterative_scan = relaxed_order`.execute(trx);
    return similarAwardNotices(trx, input);
  });
}

async function similarAwardNotices(db: Db, input: SimilarAwardsInput): Promise<SimilarAwardRow[]> {
  const { currency, amount_min, amount_max, ...tenderFilters } = input.filters ?? {};
  const valueFilter = { currency, amount_min, amount_max };
  const query = textSql(input);
  const distance = query
    ? sql`(SELECT min(c.embedding <=> q.embedding) FROM chunks AS c, q
           WHERE c.tender_id = t.id AND c.attachment_id IS NULL AND c.embedding_model = ${input.model})`
    : sql`NULL::float8`;
  const value = input.value;
  const closeness = value
    ? sql`CASE WHEN t.currency = ${value.currency} AND t.amount > 0 AND ${value.amount}::numeric > 0
           THEN greatest(0, 1 - abs(ln(t.amount / ${value.amount}::numeric)) / ln(10)) ELSE 0 END`
    : sql`0`;
  // What makes an award notice eligible at all, on `t`: the candidates' search applies it too.
  const eligible = sql<boolean>`${AWARD_KINDS_SQL} AND t.superseded_by IS NULL
        AND t.id IS DISTINCT FROM ${input.excludeTenderId}::uuid
        AND (${input.excludeProcedureId}::uuid IS NULL OR t.procedure_id IS DISTINCT FROM ${input.excludeProcedureId}::uuid)
        AND ${tenderFilterSql(tenderFilters, input.now)} AND ${sameBuyerSql(input.sameBuyer)}
        AND ${awardValueFilterSql(valueFilter, input.now)}`;
  const after = input.after
    ? sql`AND (r.score < ${input.after.key}::numeric OR (r.score = ${input.after.key}::numeric AND r.id > ${input.after.id}::uuid))`
    : sql``;
  const { rows } = await sql<SimilarAwardRow>`
    WITH q AS MATERIALIZED (${query ?? sql`SELECT NULL::vector AS embedding, NULL::halfvec AS half`}),
    ${similarWordsCtes(input.words)},
    ${candidatesSql(input, eligible)},
    scored AS (
      SELECT t.id, ${textScoreSql(sql`d.distance`, sql`ws.share`)} AS text_score, m.level AS cpv_level, m.prefix AS cpv_prefix,
             (SELECT min(x) FROM unnest(t.countries) AS x WHERE x = ANY(${input.countries}::text[])) AS shared_country,
             (${closeness})::float8 AS value_closeness
      FROM ${input.exhaustive ? sql`tenders AS t` : sql`candidates AS cand JOIN tenders AS t ON t.id = cand.id`}
      -- OFFSET 0: the distance is read once per notice, not once for the filter and once for the score.
      CROSS JOIN LATERAL (SELECT ${distance} AS distance OFFSET 0) AS d
      CROSS JOIN LATERAL (SELECT ${wordShareSql(input.model)} AS share OFFSET 0) AS ws
      LEFT JOIN LATERAL (${cpvMatchSql(input.cpvCodes)}) AS m ON true
      -- The candidates are eligible already: checked again, the plan reads every award notice to hash them.
      WHERE ${input.exhaustive ? eligible : sql`true`}
    ),
    ranked AS (
      SELECT s.*, round((coalesce(s.text_score, 0) + ${cpvLevelWeightSql(sql.ref("s.cpv_level"))}
                         + CASE WHEN s.shared_country IS NULL THEN 0 ELSE 0.05 END
                         + 0.05 * s.value_closeness)::numeric, 6) AS score
      FROM scored AS s
      WHERE ${
        input.sameBuyer
          ? sql`s.cpv_level >= ${input.sameBuyer.minCpvLevel}`
          : sql`(s.cpv_level IS NOT NULL OR s.text_score >= ${input.minTextScore})`
      }
    ),
    page AS (
      SELECT r.* FROM ranked AS r
      WHERE true ${after}
      ORDER BY r.score DESC, r.id
      LIMIT ${input.limit}
    )
    -- What a page shows is read for its rows only, not for every scored notice.
    SELECT ${TENDER_SUMMARY_COLUMNS}, t.buyer_organisation_id, ${FRAMEWORK_SQL} AS framework,
           est.amount AS estimated_amount, est.currency AS estimated_currency,
           p.text_score, p.cpv_level, p.cpv_prefix, p.shared_country, p.value_closeness, p.score
    FROM page AS p JOIN tenders AS t ON t.id = p.id JOIN sources AS s ON s.id = t.source_id
    LEFT JOIN LATERAL (${estimatedValueSql}) AS est ON true
    ORDER BY p.score DESC, p.id`.execute(db);
  return rows;
}

/** The value the latest current call for competition of the notice's procedure estimated. */
const estimatedValueSql = sql`
  SELECT e.amount, e.currency FROM tenders AS e
  WHERE t.procedure_id IS NOT NULL AND e.procedure_id = t.procedure_id AND e.kind = 'competition'
    AND e.amount IS NOT NULL
  ORDER BY e.published_at DESC, e.id LIMIT 1`;

/**
 * The candidates' ids (CTE `candidates`): the eligible notices sharing a CPV class; when fewer
 * than {@link FEW_IN_CLASS} do, those sharing a CPV group too; and the {@link textNeighbours}
 * eligible notices whose metadata chunk is closest to the query's, by the HNSW index of metadata
 * chunks (`embedding_half`, unit length: its cosine order is the full vectors' up to
 * half-precision rounding; the score itself is computed from the full vectors).
 */
function candidatesSql(input: SimilarAwardsInput, eligible: RawBuilder<boolean>): RawBuilder<unknown> {
  const classes = cpvClassPrefixes(input.cpvCodes);
  const groups = [...new Set(input.cpvCodes.map((code) => code.slice(0, 3)))];
  const parts: RawBuilder<unknown>[] = [];
  if (classes.length > 0) {
    parts.push(sql`SELECT id FROM by_class`);
    if (!input.sameBuyer && groups.some((group) => !classes.includes(group)))
      parts.push(sql`SELECT t.id FROM tenders AS t
                     WHERE (SELECT count(*) FROM by_class) < ${FEW_IN_CLASS} AND t.cpv_prefixes && ${groups}::text[]
                       AND ${eligible}`);
  }
  if (input.words !== null && !input.sameBuyer)
    parts.push(wordNeighboursSql(input.model, eligible, textNeighbours(input.limit)));
  if (input.like && !input.sameBuyer)
    parts.push(sql`SELECT n.id FROM (
              SELECT t.id FROM chunks AS c JOIN tenders AS t ON t.id = c.tender_id
              WHERE c.attachment_id IS NULL AND c.embedding_model = ${input.model} AND ${eligible}
              ORDER BY c.embedding_half <=> (SELECT half FROM q)
              LIMIT ${textNeighbours(input.limit)}) AS n`);
  return sql`by_class AS MATERIALIZED (
      SELECT t.id FROM tenders AS t WHERE t.cpv_prefixes && ${classes}::text[] AND ${eligible}
    ),
    candidates AS MATERIALIZED (${parts.length > 0 ? sql.join(parts, sql` UNION `) : sql`SELECT NULL::uuid AS id WHERE false`})`;
}

/** The query vector, full and as the compact unit-length `halfvec`: the tender's first metadata chunk of the model, or the given vector. */
function textSql(input: SimilarAwardsInput): RawBuilder<unknown> | undefined {
  if (!input.like) return undefined;
  if ("embedding" in input.like) {
    const embedding = sql`${vectorParam(input.like.embedding)}::vector`;
    return sql`SELECT ${embedding} AS embedding, l2_normalize(${embedding})::halfvec(1024) AS half`;
  }
  return sql`SELECT c.embedding, coalesce(c.embedding_half, l2_normalize(c.embedding)::halfvec(1024)) AS half FROM chunks AS c
             WHERE c.tender_id = ${input.like.tenderId}::uuid AND c.attachment_id IS NULL
               AND c.embedding_model = ${input.model}
             ORDER BY c.position LIMIT 1`;
}

/**
 * Currency and value range over a notice's awards: one award matching all of them, or, for a
 * notice with no award value, its own stated value (browse's condition on `t`).
 */
function awardValueFilterSql(
  f: Pick<TenderFilters, "currency" | "amount_min" | "amount_max">,
  now: Date,
): RawBuilder<boolean> {
  const conditions: RawBuilder<unknown>[] = [];
  if (f.currency !== undefined) conditions.push(sql`a.currency = ${f.currency}`);
  if (f.amount_min !== undefined) conditions.push(sql`a.value >= ${f.amount_min}::numeric`);
  if (f.amount_max !== undefined) conditions.push(sql`a.value <= ${f.amount_max}::numeric`);
  if (conditions.length === 0) return sql<boolean>`true`;
  return sql<boolean>`(
    EXISTS (SELECT 1 FROM awards AS a WHERE a.tender_id = t.id AND ${sql.join(conditions, sql` AND `)})
    OR (NOT EXISTS (SELECT 1 FROM awards AS a WHERE a.tender_id = t.id AND a.value IS NOT NULL)
        AND ${tenderFilterSql(f, now)}))`;
}

function sameBuyerSql(buyer: SimilarAwardsInput["sameBuyer"]): RawBuilder<boolean> {
  if (!buyer) return sql<boolean>`true`;
  if (buyer.organisationId !== null)
    return sql<boolean>`t.buyer_organisation_id = ${buyer.organisationId}::uuid`;
  return sql<boolean>`lower(t.buyer_name) = lower(${buyer.name})`;
}
