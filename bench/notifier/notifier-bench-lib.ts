// What the notifier benchmarks share: indexed tenders and saved searches made up of words of one
// 300-word vocabulary, so a 3-word saved query matches (min_score 0.35) a few percent of them.
import { randomUUID } from "node:crypto";
import { FAKE_MODEL, fakeEmbed } from "../../packages/ai/dist/index.js";
import { createApiKey, type createDb, sealWebhookSecret } from "../../packages/db/dist/index.js";
import { seedTender } from "../../packages/testing/dist/seed-tender.js";

type Db = ReturnType<typeof createDb>;

export const CHUNKS_PER_TENDER = 6;
export const MIN_SCORE = 0.35;
const COUNTRIES = ["DE", "FR", "IT", "EE", "GB"];
const WORDS = Array.from({ length: 300 }, (_, i) => `w${i.toString(36)}x`);

function words(seed: number, count: number): string {
  let x = seed;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out.push(WORDS[x % WORDS.length] as string);
  }
  return out.join(" ");
}

/** `n` tenders, each with `CHUNKS_PER_TENDER` indexed chunks of 40 words and a country. */
export async function seedIndexedTenders(db: Db, n: number): Promise<{ id: string; contentHash: string }[]> {
  const seeded: { id: string; contentHash: string }[] = [];
  for (let i = 0; i < n; i++) {
    const chunks = Array.from({ length: CHUNKS_PER_TENDER }, (_, c) => words(i * 31 + c * 977 + 1, 40));
    seeded.push(await seedTender(db, { countries: [COUNTRIES[i % COUNTRIES.length] as string], chunks }));
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
 * Replaces every saved search with `n` new ones of 3-word queries: a third filter by country,
 * and one in `webhooks.every` calls `webhooks.url` (default: half of them, a URL never called).
 */
export async function replaceSavedSearches(
  db: Db,
  n: number,
  webhooks?: Webhooks,
  minScore = MIN_SCORE,
): Promise<void> {
  await db.deleteFrom("saved_searches").execute();
  const { id: apiKeyId } = await createApiKey(db, { name: `bench-${randomUUID()}`, limitPerMinute: 1000 });
  for (let start = 0; start < n; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(n, start + 500); i++) {
      const id = randomUUID();
      const query = words(i * 7919 + 17, 3);
      const hooked = i % (webhooks?.every ?? 2) === 0;
      rows.push({
        id,
        api_key_id: apiKeyId,
        name: `search ${i}`,
        query,
        // pgvector reads a vector from its JSON-like text form.
        query_embedding: JSON.stringify(fakeEmbed(query)),
        embedding_model: FAKE_MODEL,
        filters: JSON.stringify(i % 3 === 0 ? { countries: [COUNTRIES[i % COUNTRIES.length]] } : {}),
        min_score: minScore,
        webhook_url: hooked ? (webhooks?.url ?? "https://hooks.example.org/in") : null,
        webhook_secret: hooked
          ? webhooks
            ? sealWebhookSecret(webhooks.key, id, webhooks.secret)
            : "v1.a.b.c"
          : null,
        feed_token_hash: randomUUID().replaceAll("-", "").repeat(2),
      });
    }
    await db.insertInto("saved_searches").values(rows).execute();
  }
}
