import type { SavedSearch } from "@tender/contracts";
import { type EmailChannelView, openFeedToken, type SavedSearchView } from "@tender/db";
import type { AuthenticatedKey } from "../app-env.js";
import { feedUrl as feedPath } from "./feed-token.js";
import { toEmailSetting } from "./to-email-setting.js";

/**
 * The stored saved search as the API shows it. `feed_url` is the token just made when there is
 * one (`madeUrl`), else the stored token opened with the server's key; null when it cannot be
 * shown (no key, a token stored before tokens were sealed, or a key that was changed since).
 * `email` is the saved search's email channel, if it has one.
 */
export function toSavedSearch(
  view: SavedSearchView,
  key: Buffer | undefined,
  madeUrl?: string,
  email?: EmailChannelView,
): SavedSearch {
  const feedUrl = madeUrl ?? storedFeedUrl(view, key);
  return {
    id: view.id,
    name: view.name,
    query: view.query,
    filters: view.filters,
    min_score: view.min_score,
    mode: view.mode,
    webhook_url: view.webhook_url,
    feed_url: feedUrl,
    email: email ? toEmailSetting(email) : null,
    created_at: view.created_at.toISOString(),
  };
}

function storedFeedUrl(view: SavedSearchView, key: Buffer | undefined): string | null {
  if (!key || view.feed_token_sealed === null) return null;
  try {
    return feedPath(openFeedToken(key, view.id, view.feed_token_sealed));
  } catch {
    // Sealed under another key: the owner gets a new address with POST …/feed-token.
    return null;
  }
}

/** The id of the key a request authenticated with (the auth middleware has run). */
export function keyId(c: { get(name: "apiKey"): AuthenticatedKey | undefined }): string {
  const key = c.get("apiKey");
  if (!key) throw new Error("saved-search routes run after authentication");
  return key.id;
}
