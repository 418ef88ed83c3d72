import type { SavedSearch } from "@tender/contracts";
import type { SavedSearchView } from "@tender/db";
import type { AuthenticatedKey } from "../app-env.js";

/** The stored saved search as the API shows it; `feedUrl` only when a token was just made. */
export function toSavedSearch(view: SavedSearchView, feedUrl: string | null = null): SavedSearch {
  return {
    id: view.id,
    name: view.name,
    query: view.query,
    filters: view.filters,
    min_score: view.min_score,
    webhook_url: view.webhook_url,
    feed_url: feedUrl,
    created_at: view.created_at.toISOString(),
  };
}

/** The id of the key a request authenticated with (the auth middleware has run). */
export function keyId(c: { get(name: "apiKey"): AuthenticatedKey | undefined }): string {
  const key = c.get("apiKey");
  if (!key) throw new Error("saved-search routes run after authentication");
  return key.id;
}
