import type { SearchMode, TenderFilters } from "@tender/contracts";
import { sql, type Transaction } from "kysely";
import pgvector from "pgvector";
import type { Database, Db } from "../database.js";
import { setHybridMatch } from "./set-hybrid-match.js";

/**
 * A saved search as its owner sees it: never the vector, the sealed secret or the token hash.
 * The sealed feed token is here so the gateway can open it and show the feed address.
 */
export interface SavedSearchView {
  id: string;
  name: string;
  query: string;
  filters: TenderFilters;
  min_score: number;
  mode: SearchMode;
  webhook_url: string | null;
  /** Sealed by `sealFeedToken`; null when it was not sealed (no key). */
  feed_token_sealed: string | null;
  created_at: Date;
}

export interface NewSavedSearch {
  /** Chosen by the caller: the sealed webhook secret is bound to it. */
  id: string;
  apiKeyId: string;
  name: string;
  query: string;
  /** Null when the model gave the query no vector (it then matches nothing). */
  queryEmbedding: readonly number[] | null;
  embeddingModel: string;
  filters: TenderFilters;
  minScore: number;
  /** `hybrid`: the query is also matched by its words, identifiers, buyer and CPV concepts (docs/api.md#saved-searches); `vector` when absent. */
  mode?: SearchMode;
  webhookUrl: string | null;
  /** Sealed by `sealWebhookSecret`. */
  sealedWebhookSecret: string | null;
  feedTokenHash: string;
  /** Sealed by `sealFeedToken`; null when the gateway has no key to seal it with. */
  sealedFeedToken: string | null;
}

const SHOWN = ["id", "name", "query", "filters", "min_score", "mode", "webhook_url", "created_at"] as const;
// The sealed token is read too: the gateway opens it to show the feed address.
const VIEW = [...SHOWN, "feed_token_sealed"] as const;

/**
 * Stores a saved search unless its key already has `maxPerKey`; undefined then. The key's saved
 * searches are counted under a transaction-scoped advisory lock on the key, so two concurrent
 * requests cannot both take the last place (the count runs after the lock, in a new snapshot).
 */
export async function insertSavedSearchWithinLimit(
  trx: Transaction<Database>,
  input: NewSavedSearch,
  maxPerKey: number,
): Promise<SavedSearchView | undefined> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended('saved_searches:' || ${input.apiKeyId}, 0))`.execute(
    trx,
  );
  const { count } = await trx
    .selectFrom("saved_searches")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("api_key_id", "=", input.apiKeyId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= maxPerKey) return undefined;
  const view = (await trx
    .insertInto("saved_searches")
    .values({
      id: input.id,
      api_key_id: input.apiKeyId,
      name: input.name,
      query: input.query,
      query_embedding: input.queryEmbedding ? pgvector.toSql([...input.queryEmbedding]) : null,
      embedding_model: input.embeddingModel,
      filters: JSON.stringify(input.filters),
      min_score: input.minScore,
      mode: input.mode ?? "vector",
      webhook_url: input.webhookUrl,
      webhook_secret: input.sealedWebhookSecret,
      feed_token_hash: input.feedTokenHash,
      feed_token_sealed: input.sealedFeedToken,
    })
    .returning(VIEW)
    .executeTakeFirstOrThrow()) as SavedSearchView;
  if (input.mode === "hybrid") await setHybridMatch(trx, input.id, input.query);
  return view;
}

/** The key's saved searches, newest first. */
export async function listSavedSearches(db: Db, apiKeyId: string): Promise<SavedSearchView[]> {
  return (await db
    .selectFrom("saved_searches")
    .select(VIEW)
    .where("api_key_id", "=", apiKeyId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute()) as SavedSearchView[];
}

/** One saved search of this key; undefined for an unknown id or another key's. */
export async function findSavedSearch(
  db: Db,
  apiKeyId: string,
  id: string,
): Promise<SavedSearchView | undefined> {
  return (await db
    .selectFrom("saved_searches")
    .select(VIEW)
    .where("api_key_id", "=", apiKeyId)
    .where("id", "=", id)
    .executeTakeFirst()) as SavedSearchView | undefined;
}

/** Deletes one saved search of this key (its matches go with it); false when it is not the key's. */
export async function deleteSavedSearch(db: Db, apiKeyId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("saved_searches")
    .where("api_key_id", "=", apiKeyId)
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Replaces the feed token, its hash and its sealed form (the old token stops working); undefined
 * when the saved search is not the key's.
 */
export async function replaceFeedToken(
  db: Db,
  apiKeyId: string,
  id: string,
  token: { hash: string; sealed: string | null },
): Promise<SavedSearchView | undefined> {
  return (await db
    .updateTable("saved_searches")
    .set({ feed_token_hash: token.hash, feed_token_sealed: token.sealed })
    .where("api_key_id", "=", apiKeyId)
    .where("id", "=", id)
    .returning(VIEW)
    .executeTakeFirst()) as SavedSearchView | undefined;
}

/** The saved search a feed token opens, found by the token's hash; none when its key is disabled. */
export async function findSavedSearchByFeedToken(
  db: Db,
  feedTokenHash: string,
): Promise<(SavedSearchView & { api_key_id: string }) | undefined> {
  return (await db
    .selectFrom("saved_searches as ss")
    .innerJoin("api_keys as k", "k.id", "ss.api_key_id")
    .select(VIEW.map((column) => `ss.${column}` as const))
    .select("ss.api_key_id")
    .where("ss.feed_token_hash", "=", feedTokenHash)
    .where("k.enabled", "=", true)
    .executeTakeFirst()) as (SavedSearchView & { api_key_id: string }) | undefined;
}
