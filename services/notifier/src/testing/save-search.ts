// Test support: saved searches as the gateway stores them, with the tests' webhook secret.
import { randomBytes } from "node:crypto";
import type { TenderFilters } from "@tender/contracts";
import type { Database } from "@tender/db";
import { seedSavedSearch } from "@tender/testing";
import type { Kysely } from "kysely";

/** The WEBHOOK_SECRET_KEY of the tests. */
export const TEST_WEBHOOK_KEY = randomBytes(32);
/** The plaintext secret every test webhook gets. */
export const TEST_WEBHOOK_SECRET = `whsec_${randomBytes(32).toString("base64url")}`;

export interface SaveSearchOptions {
  query: string;
  /** The owner; default a fresh API key. */
  apiKeyId?: string;
  minScore?: number;
  filters?: TenderFilters;
  webhookUrl?: string;
  /** The model the stored vector claims to be from; default the fake's (with its vector). */
  model?: string;
  /** The stored vector; default the fake's embedding of the query. */
  vector?: readonly number[] | null;
}

/** Stores a saved search for `apiKeyId` or a fresh API key (its webhook signed with the test secret); returns its id. */
export async function saveSearch(db: Kysely<Database>, options: SaveSearchOptions): Promise<string> {
  const saved = await seedSavedSearch(db, {
    name: `alert ${options.query}`.slice(0, 100),
    query: options.query,
    ...(options.apiKeyId !== undefined ? { apiKeyId: options.apiKeyId } : {}),
    ...(options.vector !== undefined ? { embedding: options.vector } : {}),
    ...(options.model !== undefined ? { embeddingModel: options.model } : {}),
    ...(options.filters !== undefined ? { filters: options.filters } : {}),
    ...(options.minScore !== undefined ? { minScore: options.minScore } : {}),
    ...(options.webhookUrl !== undefined
      ? { webhookUrl: options.webhookUrl, webhookSecret: TEST_WEBHOOK_SECRET, secretKey: TEST_WEBHOOK_KEY }
      : {}),
  });
  return saved.id;
}
