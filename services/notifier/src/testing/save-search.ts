// Test support: saved searches as the gateway stores them (query vector, sealed webhook secret).
import { randomBytes, randomUUID } from "node:crypto";
import { FAKE_MODEL, fakeEmbed } from "@tender/ai";
import { createApiKey, type Database, insertSavedSearchWithinLimit, sealWebhookSecret } from "@tender/db";
import type { Kysely } from "kysely";

/** The WEBHOOK_SECRET_KEY of the tests. */
export const TEST_WEBHOOK_KEY = randomBytes(32);
/** The plaintext secret every test webhook gets. */
export const TEST_WEBHOOK_SECRET = `whsec_${randomBytes(32).toString("base64url")}`;

export interface SaveSearchOptions {
  query: string;
  minScore?: number;
  filters?: object;
  webhookUrl?: string;
  /** The model the stored vector claims to be from; default the fake's (with its vector). */
  model?: string;
  /** The stored vector; default the fake's embedding of the query. */
  vector?: readonly number[] | null;
}

/** Stores a saved search for a fresh API key; returns its id. */
export async function saveSearch(db: Kysely<Database>, options: SaveSearchOptions): Promise<string> {
  const id = randomUUID();
  const apiKeyId = (await createApiKey(db, { name: "notifier-test", limitPerMinute: 100 })).id;
  const vector = options.vector !== undefined ? options.vector : fakeEmbed(options.query);
  await db.transaction().execute((trx) =>
    insertSavedSearchWithinLimit(
      trx,
      {
        id,
        apiKeyId,
        name: `alert ${options.query}`.slice(0, 100),
        query: options.query,
        queryEmbedding: vector,
        embeddingModel: options.model ?? FAKE_MODEL,
        filters: options.filters ?? {},
        minScore: options.minScore ?? 0.5,
        webhookUrl: options.webhookUrl ?? null,
        sealedWebhookSecret: options.webhookUrl
          ? sealWebhookSecret(TEST_WEBHOOK_KEY, id, TEST_WEBHOOK_SECRET)
          : null,
        feedTokenHash: randomBytes(32).toString("hex"),
        sealedFeedToken: null,
      },
      1000,
    ),
  );
  return id;
}
