import { createHash, randomBytes } from "node:crypto";
import { sealFeedToken } from "@tender/db";

/** Path of the Atom feed a token opens (docs/api.md#atom-feeds). */
export const FEED_PATH_PREFIX = "/api/v1/feeds/";
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** SHA-256 hex of a feed token: the only form it is stored in. */
export function hashFeedToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/**
 * A fresh feed token (32 random bytes, base64url), its hash, the feed's path, and its sealed form
 * for this saved search when the server has a key (WEBHOOK_SECRET_KEY), so the path can be shown
 * again later; null without one.
 */
export function newFeedToken(
  savedSearchId: string,
  key: Buffer | undefined,
): { hash: string; url: string; sealed: string | null } {
  const token = randomBytes(32).toString("base64url");
  return {
    hash: hashFeedToken(token),
    url: feedUrl(token),
    sealed: key ? sealFeedToken(key, savedSearchId, token) : null,
  };
}

/** The feed's path for a token. */
export function feedUrl(token: string): string {
  return `${FEED_PATH_PREFIX}${token}`;
}

/** True for text shaped like a token this server makes; anything else is not looked up. */
export function isFeedTokenShape(text: string): boolean {
  return TOKEN.test(text);
}
