import { sql } from "kysely";
import type { Db } from "../database.js";
import type { ListScope } from "./lexical-lists.js";
import { metadataChunksOf } from "./lexical-lists.js";
import type { WordChunk } from "./word-chunks.js";

/** How many of the words list's best tenders vote, and how many classes win. */
const VOTERS = 10;
const CLASSES = 2;

/**
 * The CPV classes (first four digits of a code) the best tenders of the words list share: each of
 * the first VOTERS distinct tenders gives 1/rank, split among its classes; the CLASSES best,
 * most votes first, code breaking ties.
 */
export function votedCpvClasses(words: readonly WordChunk[]): string[] {
  const votes = new Map<string, number>();
  const voters = [...new Map(words.map((w) => [w.tender_id, w.cpv_codes])).values()].slice(0, VOTERS);
  voters.forEach((codes, index) => {
    const classes = [...new Set(codes.map((code) => code.slice(0, 4)))];
    for (const cls of classes) votes.set(cls, (votes.get(cls) ?? 0) + 1 / (index + 1) / classes.length);
  });
  return [...votes.entries()]
    .sort(([a, va], [b, vb]) => vb - va || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, CLASSES)
    .map(([cls]) => cls);
}

/**
 * The notices of the CPV classes the best word matches share ({@link votedCpvClasses}), whatever
 * their language (docs/api.md#hybrid-search): the first class's before the second's, within a
 * class those the words list found in its order, then the newest. Their metadata chunks.
 */
export async function cpvClassChunks(
  db: Db,
  words: readonly WordChunk[],
  scope: ListScope,
): Promise<string[]> {
  const classes = votedCpvClasses(words);
  if (classes.length === 0) return [];
  const found = [...new Set(words.map((w) => w.tender_id))];
  const tenders = sql`
    SELECT t.id, t.published_at,
           -array_position(${classes}::text[], (SELECT p FROM unnest(t.cpv_prefixes) AS p
                                                 WHERE p = ANY(${classes}::text[]) ORDER BY array_position(${classes}::text[], p) LIMIT 1)) * 1000
             - coalesce(array_position(${found}::uuid[], t.id), 999) AS rank
    FROM tenders AS t
    WHERE t.cpv_prefixes && ${classes}::text[] AND ${scope.tenders}
    ORDER BY rank DESC, t.published_at DESC, t.id
    LIMIT ${scope.depth}`;
  const { rows } = await metadataChunksOf(tenders, scope).execute(db);
  return rows.map((r) => r.id);
}
