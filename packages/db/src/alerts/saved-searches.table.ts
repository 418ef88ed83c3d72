import type { Generated, GeneratedAlways, Insertable, Selectable } from "kysely";

export interface SavedSearchesTable {
  id: Generated<string>;
  api_key_id: string;
  name: string;
  query: string;
  /** pgvector text form; null when the model gave the query no vector. */
  query_embedding: string | null;
  embedding_model: string;
  /** `TenderFilters` as validated by the gateway. */
  filters: Generated<unknown>;
  min_score: number;
  webhook_url: string | null;
  /** Sealed by `sealWebhookSecret`, never the plaintext. */
  webhook_secret: string | null;
  /** SHA-256 hex of the feed token: what the feed is found by. */
  feed_token_hash: string;
  /** The feed token sealed by `sealFeedToken`, to show the feed address again; null without a key. */
  feed_token_sealed: Generated<string | null>;
  created_at: Generated<Date>;
  /** What the notifier looks saved searches up by (migration 0021); derived from `filters`. */
  filter_keys: GeneratedAlways<string[]>;
  /** Unit-length half-precision copy of `query_embedding` for the compact first pass; derived. */
  query_half: GeneratedAlways<string | null>;
  /** `vector` or `hybrid` (0038): how the notifier matches it (docs/api.md#saved-searches). */
  mode: Generated<"vector" | "hybrid">;
  /** Hybrid only (0038): the query as the notifier matches it; null for a vector saved search. */
  match_query: Generated<string[] | null>;
  /** The readings of the query's exclusions (tsquery[] since 0042, as `match_query`). */
  match_excluded: Generated<string[] | null>;
  match_cpv: Generated<string[] | null>;
  match_ids: Generated<string[] | null>;
  match_buyer: Generated<string | null>;
  match_keys: Generated<string[] | null>;
}
export type SavedSearchRow = Selectable<SavedSearchesTable>;
export type NewSavedSearchRow = Insertable<SavedSearchesTable>;
