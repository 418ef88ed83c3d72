// What the notifier benchmarks share: indexed tenders and saved searches made up of words of one
// 300-word vocabulary, so a 3-word saved query matches (min_score 0.35) a few percent of them.
// Countries and CPV divisions follow a skewed, TED-like distribution on both sides, and saved
// searches filter the way people write them (`replaceSavedSearches`).
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { FAKE_MODEL, fakeEmbed } from "../../packages/ai/dist/index.js";
import { cpvVocabulary } from "../../packages/cpv/dist/index.js";
import { setHybridMatch } from "../../packages/db/dist/alerts/set-hybrid-match.js";
import { createApiKey, type createDb, sealWebhookSecret, vectorParam } from "../../packages/db/dist/index.js";
import { seedTender } from "../../packages/testing/dist/seed-tender.js";

type Db = ReturnType<typeof createDb>;

export const CHUNKS_PER_TENDER = 6;
export const MIN_SCORE = 0.35;
const WORDS = Array.from({ length: 300 }, (_, i) => `w${i.toString(36)}x`);
/** Share of notices by country, roughly TED's: a few large countries and a long tail. */
const COUNTRIES: [string, number][] = [
  ["DE", 20],
  ["FR", 18],
  ["PL", 12],
  ["IT", 8],
  ["ES", 8],
  ["RO", 5],
  ["NL", 4],
  ["SE", 4],
  ["CZ", 3],
  ["BE", 3],
  ["AT", 3],
  ["FI", 2],
  ["DK", 2],
  ["PT", 2],
  ["HU", 1],
  ["IE", 1],
  ["SK", 1],
  ["LT", 1],
  ["LV", 1],
  ["EE", 1],
];
/** Share by CPV division: construction, medical, engineering and IT first. */
const DIVISIONS: [string, number][] = [
  ["45", 20],
  ["33", 12],
  ["71", 8],
  ["72", 7],
  ["79", 6],
  ["90", 5],
  ["50", 5],
  ["34", 5],
  ["15", 3],
  ["30", 3],
  ["80", 3],
  ["85", 3],
  ["48", 3],
  ["44", 3],
  ["39", 2],
  ["60", 2],
  ["09", 2],
  ["42", 2],
  ["35", 2],
  ["77", 2],
];

/** A deterministic stream of numbers in [0, 1), so runs are comparable. */
function stream(seed: number): () => number {
  let x = seed % 2147483648 || 1;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

function pick(table: [string, number][], r: number): string {
  const total = table.reduce((sum, [, w]) => sum + w, 0);
  let left = r * total;
  for (const [value, weight] of table) {
    left -= weight;
    if (left < 0) return value;
  }
  return (table[table.length - 1] as [string, number])[0];
}

function words(seed: number, count: number): string {
  const next = stream(seed);
  return Array.from({ length: count }, () => WORDS[Math.floor(next() * WORDS.length)] as string).join(" ");
}

/** `n` tenders, each with `chunks` indexed chunks of 40 words, a country and a CPV code or two. */
export async function seedIndexedTenders(
  db: Db,
  n: number,
  chunks = CHUNKS_PER_TENDER,
): Promise<{ id: string; contentHash: string }[]> {
  const seeded: { id: string; contentHash: string }[] = [];
  for (let i = 0; i < n; i++) {
    const next = stream(i * 7 + 3);
    const texts = Array.from({ length: chunks }, (_, c) => words(i * 31 + c * 977 + 1, 40));
    const cpv = Array.from({ length: 1 + Math.floor(next() * 2) }, () => `${pick(DIVISIONS, next())}100000`);
    seeded.push(
      await seedTender(db, {
        countries: [pick(COUNTRIES, next())],
        cpv_codes: [...new Set(cpv)],
        chunks: texts,
      }),
    );
  }
  return seeded;
}

export interface Webhooks {
  /** One saved search in `every` gets the webhook. */
  every: number;
  url: string;
  secret: string;
  /** WEBHOOK_SECRET_KEY the secret is sealed under. */
  key: Buffer;
}

/**
 * The filters of saved search `i`, as people write them: 45 % one or two countries, 25 % one CPV
 * division (sometimes a narrower group), 10 % both, 20 % none; skewed like the tenders.
 */
export function realisticFilters(i: number): Record<string, string[]> {
  const next = stream(i * 104729 + 11);
  const kind = next();
  const countries = () => [
    ...new Set([pick(COUNTRIES, next()), ...(next() < 0.2 ? [pick(COUNTRIES, next())] : [])]),
  ];
  const cpv = () => {
    const division = pick(DIVISIONS, next());
    return [next() < 0.2 ? `${division}1` : division];
  };
  if (kind < 0.45) return { countries: countries() };
  if (kind < 0.7) return { cpv: cpv() };
  if (kind < 0.8) return { countries: countries(), cpv: cpv() };
  return {};
}

let cpvCodes: string[] | undefined;
/**
 * How many distinct queries the hybrid saved searches share: people ask for the same things,
 * and reading each query (`setHybridMatch`, a few ms) for 33,000 of them would take minutes.
 */
const HYBRID_QUERIES = 3000;

/**
 * The query of hybrid saved search `i`, as people write them: half three words of the tenders'
 * vocabulary (as the vector ones: with 300 words each is as common as "services" in real notices,
 * and two of them in one chunk would match a quarter of all tenders), a quarter a quoted two-word
 * phrase (with a word beside it one time in two), a quarter the label of a CPV code of the
 * tenders' divisions (English, one in three German), e.g. "Construction work for highways, roads".
 */
export function hybridQuery(i: number): string {
  const next = stream(i * 7919 + 17);
  const kind = next();
  if (kind < 0.5) return words(i * 7919 + 23, 3);
  if (kind < 0.75) {
    const phrase = `"${words(i * 31 + 5, 2)}"`;
    return next() < 0.5 ? `${phrase} ${words(i * 37 + 9, 1)}` : phrase;
  }
  cpvCodes ??= [...cpvVocabulary().keys()];
  const division = pick(DIVISIONS, next());
  const codes = cpvCodes.filter((code) => code.startsWith(division));
  const entry = cpvVocabulary().get(codes[Math.floor(next() * codes.length)] as string);
  return (next() < 1 / 3 ? entry?.labels.deu : entry?.labels.eng) ?? entry?.labels.eng ?? division;
}

export interface SavedSearchOptions {
  webhooks?: Webhooks;
  minScore?: number;
  /** `realistic` (default): `realisticFilters`; `unfiltered`: no filters at all. */
  profile?: "realistic" | "unfiltered";
  /** Share of the saved searches in `mode: "hybrid"` with a `hybridQuery` (default 0). */
  hybridShare?: number;
}

/**
 * Replaces every saved search with `n` new ones of 3-word queries, 500 per statement (a few MB
 * at a time, so 100,000 fit in any memory), and refreshes the planner's statistics as autovacuum
 * would. One in `webhooks.every` calls `webhooks.url` (default: half of them, a URL never called).
 * A `hybridShare` of them, spread evenly, are hybrid: the product's `setHybridMatch` reads each
 * distinct query once (4 at a time) and the saved searches sharing it copy its reading.
 */
export async function replaceSavedSearches(
  db: Db,
  n: number,
  options: SavedSearchOptions = {},
): Promise<void> {
  const { webhooks, minScore = MIN_SCORE, profile = "realistic", hybridShare = 0 } = options;
  await sql`TRUNCATE saved_searches CASCADE`.execute(db);
  const { id: apiKeyId } = await createApiKey(db, { name: `bench-${randomUUID()}`, limitPerMinute: 1000 });
  for (let start = 0; start < n; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(n, start + 500); i++) {
      const id = randomUUID();
      // Evenly spread: i is hybrid when the running count of hybrid ones steps up at i.
      const hybrid = Math.floor((i + 1) * hybridShare) > Math.floor(i * hybridShare);
      const query = hybrid ? hybridQuery(i % HYBRID_QUERIES) : words(i * 7919 + 17, 3);
      const hooked = i % (webhooks?.every ?? 2) === 0;
      const embedding = fakeEmbed(query);
      rows.push({
        id,
        api_key_id: apiKeyId,
        name: `search ${i}`,
        query,
        // A query the model gives no vector (its tokens cancel out) is stored without one, as the gateway does.
        query_embedding: embedding ? sql<string>`${vectorParam(embedding)}::vector` : null,
        embedding_model: FAKE_MODEL,
        filters: JSON.stringify(profile === "unfiltered" ? {} : realisticFilters(i)),
        min_score: minScore,
        webhook_url: hooked ? (webhooks?.url ?? "https://hooks.example.org/in") : null,
        webhook_secret: hooked
          ? webhooks
            ? sealWebhookSecret(webhooks.key, id, webhooks.secret)
            : "v1.a.b.c"
          : null,
        feed_token_hash: randomUUID().replaceAll("-", "").repeat(2),
        ...(hybrid ? { mode: "hybrid" as const } : {}),
      });
    }
    await db.insertInto("saved_searches").values(rows).execute();
  }
  if (hybridShare > 0) await setHybridMatches(db);
  await sql`VACUUM ANALYZE saved_searches`.execute(db);
}

/** Reads every hybrid saved search's query with `setHybridMatch`, once per distinct query. */
async function setHybridMatches(db: Db): Promise<void> {
  const { rows } = await sql<{ id: string; query: string }>`
    SELECT DISTINCT ON (query) id, query FROM saved_searches WHERE mode = 'hybrid' ORDER BY query, id`.execute(
    db,
  );
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let i = next++; i < rows.length; i = next++) {
        const row = rows[i] as { id: string; query: string };
        await setHybridMatch(db, row.id, row.query);
      }
    }),
  );
  // Fresh statistics first, or the planner expects one row on each side and loops over all of them.
  await sql`ANALYZE saved_searches`.execute(db);
  await sql`
    UPDATE saved_searches AS ss SET match_query = r.match_query, match_excluded = r.match_excluded,
      match_cpv = r.match_cpv, match_ids = r.match_ids, match_buyer = r.match_buyer, match_keys = r.match_keys
    FROM saved_searches AS r
    WHERE ss.mode = 'hybrid' AND ss.match_keys IS NULL AND r.mode = 'hybrid' AND r.match_keys IS NOT NULL
      AND r.query = ss.query`.execute(db);
}
