import { type MatchKind, type ParsedQuery, parseQuerySyntax } from "@tender/contracts";
import { type RawBuilder, sql } from "kysely";
import { hasTenderFilters, tenderFilterSql } from "../browse/tender-filter-sql.js";
import type { Db } from "../database.js";
import { vectorParam } from "../sql/vector-param.js";
import { cpvClassChunks } from "./cpv-class-chunks.js";
import { type FusionMethod, fuseRankings, type RankedList } from "./fuse-rankings.js";
import { buyerChunks, cpvConceptChunks, identifierChunks, type ListScope } from "./lexical-lists.js";
import { type LexicalConditions, notExcludedSql, readLexicalConditions } from "./lexical-query-sql.js";
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
  /** Each lexical list's own `statement_timeout`, in ms; default {@link LEXICAL_LIST_TIMEOUT_MS}. */
  listTimeoutMs?: number;
  /** Told of each lexical list left out because it ran past `listTimeoutMs` (the caller logs it). */
  onListTimeout?: (list: MatchKind, timeoutMs: number) => void;
}

/**
 * How long one lexical list (identifiers, buyer, CPV concepts, words) may run: a list takes a
 * few ms, but a query whose words most chunks hold ranks them all (seconds at 100,000 chunks).
 * Past it the list is left out and Search answers with the others, instead of holding a
 * connection until SEARCH_DEADLINE_MS (docs/api.md#hybrid-search).
 */
export const LEXICAL_LIST_TIMEOUT_MS = 2_000;
/** PostgreSQL's SQLSTATE for a statement cancelled by `statement_timeout`. */
const QUERY_CANCELED = "57014";
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
 * `minScore`); the lexical lists run meanwhile on another connection, in one read-only
 * transaction where each statement is bounded by `listTimeoutMs` (and by the time left): a list
 * past its bound is left out (`onListTimeout`), the others are fused.
 */
export async function hybridSearchChunks(db: Db, input: HybridSearchInput): Promise<ChunkMatch[]> {
  const parsed = parseQuerySyntax(input.query);
  const tenders = hasTenderFilters(input.filters)
    ? tenderFilterSql(input.filters, input.now ?? new Date())
    : sql<boolean>`true`;
  const { embedding } = input;
  const [{ conditions, lists: lexicalLists }, vector] = await Promise.all([
    runLexicalLists(db, input, parsed, tenders),
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

/**
 * The lexical lists, in order, on one connection: the query's tsqueries first, then the lists in
 * one read-only transaction where each statement is bounded by `listTimeoutMs` (or the time left,
 * when shorter). A list past its own bound is left out, told to `onListTimeout`, and the next
 * lists run in a new transaction; a statement cancelled at the deadline fails the search.
 */
async function runLexicalLists(
  db: Db,
  input: HybridSearchInput,
  parsed: ParsedQuery,
  tenders: RawBuilder<boolean>,
): Promise<{ conditions: LexicalConditions; lists: RankedList[] }> {
  const timeLeft =
    input.statementTimeoutMs === undefined ? undefined : Math.max(1, Math.ceil(input.statementTimeoutMs));
  const listTimeout = Math.max(1, Math.ceil(input.listTimeoutMs ?? LEXICAL_LIST_TIMEOUT_MS));
  // The time left bounds every statement; when it is the shorter, its timeout is the deadline's.
  const ownBound = timeLeft === undefined || listTimeout < timeLeft;
  const bound = ownBound ? listTimeout : timeLeft;
  return db.connection().execute(async (conn) => {
    // Not a list, and not bounded as one: without the query's exclusions no list could answer.
    const conditions = await readLexicalConditions(conn, parsed);
    // BEGIN and the bound in one round trip; SET LOCAL ends with the transaction.
    const begin = () => sql.raw(`BEGIN READ ONLY; SET LOCAL statement_timeout = '${bound}';`).execute(conn);
    await begin();
    try {
      const scope: ListScope = { model: input.model, tenders, conditions, depth: LIST_DEPTH };
      const step = async <T>(kind: MatchKind, run: () => Promise<T>, none: T): Promise<T> => {
        input.signal?.throwIfAborted();
        try {
          return await run();
        } catch (error) {
          const timedOut = (error as { code?: unknown } | null)?.code === QUERY_CANCELED;
          if (!timedOut || !ownBound || input.signal?.aborted) throw error;
          input.onListTimeout?.(kind, bound);
          // The cancelled statement ended the transaction; the next lists run in a new one.
          await sql`ROLLBACK`.execute(conn);
          await begin();
          return none;
        }
      };
      const lists: RankedList[] = [];
      lists.push({ kind: "id", ids: await step("id", () => identifierChunks(conn, parsed, scope), []) });
      // The whole query is the buyer's name: as sure a match as a query that is a CPV label.
      const buyer = await step("buyer", () => buyerChunks(conn, input.query, scope), []);
      lists.push({ kind: "buyer", ids: buyer, weight: 1 + OTHER_LISTS });
      const concepts = await step("cpv", () => cpvConceptChunks(conn, parsed, scope), {
        ids: [],
        confidence: 0,
      });
      // A query that is a CPV label (confidence 1) lets its concepts count as much as every
      // other list together; a loose resemblance counts little more than one list.
      lists.push({ kind: "cpv", ids: concepts.ids, weight: 1 + OTHER_LISTS * concepts.confidence });
      const hasPhrase = parsed.groups.some((g) => g.some((t) => t.kind === "phrase"));
      const kind = hasPhrase ? "phrase" : "words";
      const words = await step(kind, () => wordChunks(conn, parsed, scope), []);
      lists.push({ kind, ids: words.map((w) => w.id) });
      // The classes the best word matches share find their notices in every language: as much as
      // two lists when the query names no CPV concept, nothing when it is a CPV label (its concept
      // list already knows the class).
      const classWeight = CLASS_WEIGHT * (1 - concepts.confidence);
      if (classWeight > 0 && words.length > 0) {
        const ids = await step("cpv", () => cpvClassChunks(conn, words, scope), []);
        lists.push({ kind: "cpv", ids, weight: classWeight });
      }
      await sql`COMMIT`.execute(conn);
      return { conditions, lists };
    } catch (error) {
      await sql`ROLLBACK`.execute(conn).catch(() => undefined);
      throw error;
    }
  });
}
