import { randomBytes, randomUUID } from "node:crypto";
import { FAKE_MODEL, fakeEmbed } from "@tender/ai";
import type { TenderFilters } from "@tender/contracts";
import { createApiKey, type Database, insertSavedSearchWithinLimit, sealWebhookSecret } from "@tender/db";
import type { Kysely } from "kysely";

export interface SeedSavedSearchOptions {
  /** The owner; default: a new key named after the saved search. */
  apiKeyId?: string;
  /** Default `Road works`. */
  name?: string;
  /** Default `asphalt road repair`; embedded by the fake provider unless `embedding` is given. */
  query?: string;
  /** The query's vector as stored (null: the model gave none). */
  embedding?: readonly number[] | null;
  /** The model the stored vector claims to be from; default the fake provider's. */
  embeddingModel?: string;
  filters?: TenderFilters;
  /** Default 0.5. */
  minScore?: number;
  /** With `webhookSecret` and `secretKey`: the saved search gets a webhook. */
  webhookUrl?: string;
  webhookSecret?: string;
  /** The WEBHOOK_SECRET_KEY the secret is sealed under. */
  secretKey?: Buffer;
}

/** Test data: a saved search stored as the gateway stores it (its feed token is not kept). */
export async function seedSavedSearch(
  db: Kysely<Database>,
  options: SeedSavedSearchOptions = {},
): Promise<{ id: string; apiKeyId: string }> {
  const id = randomUUID();
  const name = options.name ?? "Road works";
  const query = options.query ?? "asphalt road repair";
  const apiKeyId = options.apiKeyId ?? (await createApiKey(db, { name, limitPerMinute: 1000 })).id;
  const { webhookUrl, webhookSecret, secretKey } = options;
  if (webhookUrl !== undefined && (webhookSecret === undefined || secretKey === undefined)) {
    throw new Error("a seeded webhook needs its secret and the key that seals it");
  }
  const sealed = webhookUrl !== undefined && webhookSecret && secretKey;
  const saved = await db.transaction().execute((trx) =>
    insertSavedSearchWithinLimit(
      trx,
      {
        id,
        apiKeyId,
        name,
        query,
        queryEmbedding: options.embedding === undefined ? (fakeEmbed(query) ?? null) : options.embedding,
        embeddingModel: options.embeddingModel ?? FAKE_MODEL,
        filters: options.filters ?? {},
        minScore: options.minScore ?? 0.5,
        webhookUrl: webhookUrl ?? null,
        sealedWebhookSecret: sealed ? sealWebhookSecret(secretKey, id, webhookSecret) : null,
        feedTokenHash: randomBytes(32).toString("hex"),
        sealedFeedToken: null,
      },
      Number.MAX_SAFE_INTEGER,
    ),
  );
  if (!saved) throw new Error("the seeded saved search was not stored");
  return { id, apiKeyId };
}
