import { parseQuerySyntax } from "@tender/contracts";
import { useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import { type RawBuilder, sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../database.js";
import {
  type LexicalConditions,
  lexicalConditions,
  matchingSql,
  notExcludedSql,
  readLexicalConditions,
} from "./lexical-query-sql.js";

const t = useTestDatabase({ source: "ted" });
// Words that stem apart in some languages (catering/cater, Gebäuden/gebaud), a stop word, accents.
const WORDS = [
  "school",
  "schools",
  "catering",
  "caterer",
  "road",
  "roads",
  "repair",
  "maintenance",
  "harbour",
  "dredging",
  "Schule",
  "Verpflegung",
  "Reinigung",
  "Gebäuden",
  "nettoyage",
  "bâtiments",
  "the",
  "und",
  "works",
  "city",
];
const CONFIGS = ["tender_simple", "tender_english", "tender_german", "tender_french"];

beforeAll(async () => {
  // 400 chunks of 3 to 22 words drawn from WORDS, each indexed in one of four configurations.
  await sql`
    INSERT INTO tenders (source_id, external_id, title, buyer_name, published_at, source_url, content_hash, raw_payload)
    VALUES (${t.sourceId}::uuid, 'L-1', 'Lexical', 'Buyer', now(), 'https://example.org/l', repeat('a', 64), '{}')`.execute(
    t.db,
  );
  await sql`
    INSERT INTO chunks (tender_id, chunk_key, content, embedding, embedding_model, position, section,
                        content_hash, lexical_config)
    SELECT t.id, encode(sha256(convert_to('l' || g, 'UTF8')), 'hex'), w.content,
           array_fill(0.03125::real, ARRAY[1024])::vector, 'test', g, 'metadata', repeat('c', 64),
           (${CONFIGS}::text[])[1 + g % 4]::regconfig
    FROM tenders AS t, generate_series(1, 400) AS g
    CROSS JOIN LATERAL (
      SELECT string_agg((${WORDS}::text[])[1 + abs(hashtext(g || ':' || i)) % ${WORDS.length}], ' ' ORDER BY i) AS content
      FROM generate_series(1, 3 + g % 20) AS i) AS w`.execute(t.db);
});

/** The chunks matching, with their rank, as the words list read them before the conditions were read once per distinct reading. */
async function matchedAsBefore(conditions: LexicalConditions) {
  const { positive } = conditions;
  if (!positive) return [];
  return ranked(positive, sql<boolean>`c.lexemes @@ ${positive} AND ${notExcludedSql(conditions)}`);
}

async function ranked(positive: RawBuilder<string>, where: RawBuilder<boolean>, db: Db = t.db) {
  const { rows } = await sql<{ id: string; rank: number }>`
    SELECT c.id, ts_rank_cd(c.lexemes, ${positive}, 1) AS rank FROM chunks AS c
    WHERE ${where} ORDER BY rank DESC, c.id`.execute(db);
  return rows;
}

/** The same through the GIN index of `lexemes`, which a table this small is otherwise read without. */
function throughIndex(positive: RawBuilder<string>, where: RawBuilder<boolean>) {
  return t.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    return ranked(positive, where, trx);
  });
}

async function notExcluded(conditions: LexicalConditions) {
  const { rows } = await sql<{ id: string }>`
    SELECT c.id FROM chunks AS c WHERE ${notExcludedSql(conditions)} ORDER BY c.id`.execute(t.db);
  return rows.map((r) => r.id);
}

describe("readLexicalConditions and matchingSql (docs/api.md#hybrid-search)", () => {
  it("match, rank and exclude the same chunks as the conditions over every configuration", async () => {
    const word = fc.constantFrom(...WORDS);
    const piece = fc.oneof(
      { weight: 4, arbitrary: word },
      { weight: 2, arbitrary: word.map((w) => `-${w}`) },
      {
        weight: 2,
        arbitrary: fc.array(word, { minLength: 2, maxLength: 3 }).map((ws) => `"${ws.join(" ")}"`),
      },
      fc.array(word, { minLength: 2, maxLength: 3 }).map((ws) => `-"${ws.join(" ")}"`),
      fc.constantFrom("OR", "-", '"', "😀", "2-2019"),
    );
    let matched = 0;
    let excludedSome = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 8 }), async (pieces) => {
        const parsed = parseQuerySyntax(pieces.join(" "));
        const before = lexicalConditions(parsed);
        const now = await readLexicalConditions(t.db, parsed);
        const expected = await matchedAsBefore(before);
        const matching = matchingSql(now);
        const actual = matching && now.positive ? await ranked(now.positive, matching) : [];
        expect(actual).toEqual(expected);
        if (matching && now.positive) expect(await throughIndex(now.positive, matching)).toEqual(expected);
        const kept = await notExcluded(now);
        expect(kept).toEqual(await notExcluded(before));
        matched += expected.length;
        if (kept.length < 400) excludedSome += 1;
      }),
      { numRuns: 150, examples: [[['"school catering"', "-harbour"]], [["the", "-Gebäuden"]]] },
    );
    // The property saw matches and exclusions, not only empty answers.
    expect(matched).toBeGreaterThan(1_000);
    expect(excludedSome).toBeGreaterThan(20);
  }, 60_000);
});
