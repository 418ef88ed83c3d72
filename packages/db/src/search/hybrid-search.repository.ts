import { type MatchKind, parseQuerySyntax } from "@tender/contracts";
import { sql } from "kysely";
import { hasTenderFilters, tenderFilterSql } from "../browse/tender-filter-sql.js";
import type { Db } from "../database.js";
import { vectorParam } from "../sql/vector-param.js";
import { cpvClassChunks } from "./cpv-class-chunks.js";
import { type FusionMethod, fuseRankings, type RankedList } from "./fuse-rankings.js";
import { buyerChunks, cpvConceptChunks, identifierChunks, type ListScope } from "./lexical-lists.js";
import { lexicalConditions, notExcludedSql } from "./lexical-query-sql.js";
import { type SearchChunksInput, searchChunks } from "./search.repository.js";
import type { ChunkMatch } from "./search-results.js";
import { wordChunks } from "./word-chunks.js";

export interface HybridSearchInput extends Omit<SearchChunksInput, "embedding"> {
  /** The query as typed (docs/api.md#hybrid-search). */
  query: string;
  /** The query vector; null when the query has none (it is then found by its words alone). */
  embedding: readonly number[] | null;
  /** How the lists are fused; `rrf` unless a benchmark compares. */
  fusion?: FusionMethod;
}

/** Longest list kept before fusion: deeper than any answer, so a chunk two lists agree on is seen by both. */
const LIST_DEPTH = 100;
const VECTOR_DEPTH = 50;
/** Weight of the CPV classes the best word matches share, for a query that names no CPV concept. */
const CLASS_WEIGHT = 2;
/** The lists besides the CPV concepts that may find a fragment (words and vector; identifiers and buyer stand apart). */
const OTHER_LISTS = 2;

/**
 * Hybrid Search (docs/api.md#hybrid-search): identifiers, buyer, CPV concepts, words and vector,
 * each a ranked list of chunks restricted by the filters and the query's exclusions, fused by
 * reciprocal rank; `score` is each chunk's cosine with the query vector (0 without one), not
 * its place. The vector list is `searchChunks` itself (so a chunk found by it alone passed
 * `minScore`); the lexical lists run on another connection meanwhile.
 */
export async function hybridSearchChunks(db: Db, input: HybridSearchInput): Promise<ChunkMatch[]> {
  const parsed = parseQuerySyntax(input.query);
  const conditions = lexicalConditions(parsed);
  const scope: ListScope = {
    model: input.model,
    tenders: hasTenderFilters(input.filters)
      ? tenderFilterSql(input.filters, input.now ?? new Date())
      : sql<boolean>`true`,
    conditions,
    depth: LIST_DEPTH,
  };
  const { embedding } = input;
  const lexical = async (): Promise<RankedList[]> => {
    const lists: RankedList[] = [];
    const step = async (kind: MatchKind, run: () => Promise<string[]>) => {
      input.signal?.throwIfAborted();
      lists.push({ kind, ids: await run() });
    };
    await step("id", () => identifierChunks(db, parsed, scope));
    input.signal?.throwIfAborted();
    // The whole query is the buyer's name: as sure a match as a query that is a CPV label.
    lists.push({ kind: "buyer", ids: await buyerChunks(db, input.query, scope), weight: 1 + OTHER_LISTS });
    input.signal?.throwIfAborted();
    const concepts = await cpvConceptChunks(db, parsed, scope);
    // A query that is a CPV label (confidence 1) lets its concepts count as much as every
    // other list together; a loose resemblance counts little more than one list.
    lists.push({ kind: "cpv", ids: concepts.ids, weight: 1 + OTHER_LISTS * concepts.confidence });
    const hasPhrase = parsed.groups.some((g) => g.some((t) => t.kind === "phrase"));
    input.signal?.throwIfAborted();
    const words = await wordChunks(db, parsed, scope);
    lists.push({ kind: hasPhrase ? "phrase" : "words", ids: words.map((w) => w.id) });
    // The classes the best word matches share find their notices in every language: as much as
    // two lists when the query names no CPV concept, nothing when it is a CPV label (its concept
    // list already knows the class).
    const classWeight = CLASS_WEIGHT * (1 - concepts.confidence);
    if (classWeight > 0) {
      input.signal?.throwIfAborted();
      lists.push({ kind: "cpv", ids: await cpvClassChunks(db, words, scope), weight: classWeight });
    }
    return lists;
  };
  const [lexicalLists, vector] = await Promise.all([
    lexical(),
    embedding ? searchChunks(db, { ...input, embedding, limit: VECTOR_DEPTH }) : Promise.resolve([]),
  ]);
  const fused = fuseRankings(
    [...lexicalLists, { kind: "vector", ids: vector.map((m) => m.chunk_id) }],
    input.fusion,
  );
  if (fused.length === 0) return [];
  // Described a few more than asked: a vector-found chunk holding an excluded word is left out.
  const wanted = fused.slice(0, input.limit * 3);
  input.signal?.throwIfAborted();
  const { rows } = await sql<Omit<ChunkMatch, "matched"> & { kept: boolean }>`
    SELECT c.id AS chunk_id, c.tender_id, t.title, s.code AS source, t.source_url, c.content,
           a.id AS attachment_id, a.filename AS attachment_filename,
           ${embedding ? sql`1 - (c.embedding <=> ${vectorParam(embedding)}::vector)` : sql`0`}::float8 AS score,
           ${notExcludedSql(conditions)} AS kept
    FROM chunks AS c
    JOIN tenders AS t ON t.id = c.tender_id
    JOIN sources AS s ON s.id = t.source_id
    LEFT JOIN attachments AS a ON a.id = c.attachment_id
    WHERE c.id = ANY(${wanted.map((f) => f.id)}::uuid[])`.execute(db);
  const byId = new Map(rows.map((row) => [row.chunk_id, row]));
  const matches: ChunkMatch[] = [];
  for (const f of wanted) {
    const row = byId.get(f.id);
    if (!row?.kept) continue;
    const { kept: _, ...match } = row;
    const score = Number.isFinite(match.score) ? Math.min(1, Math.max(-1, match.score)) : 0;
    matches.push({ ...match, score, matched: f.matched });
    if (matches.length === input.limit) break;
  }
  return matches;
}
