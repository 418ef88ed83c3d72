import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/** Every webhook secret starts with this, so a leaked one is easy to recognize. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";
const VERSION = "v1";
const KEY_BYTES = 32;
const IV_BYTES = 12;

/** A fresh webhook secret: `whsec_` + 32 random bytes in base64url. */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString("base64url");
}

/**
 * The operator's key for webhook secrets (`WEBHOOK_SECRET_KEY`): 32 bytes written as base64 or
 * base64url. Undefined when the text does not decode to exactly 32 bytes.
 */
export function parseWebhookSecretKey(text: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return undefined;
  const key = Buffer.from(text.replace(/\+/g, "-").replace(/\//g, "_").replace(/=$/, ""), "base64url");
  return key.length === KEY_BYTES ? key : undefined;
}

/**
 * The stored form of a webhook secret: AES-256-GCM under the operator's key, bound to the saved
 * search it belongs to (its id is the additional data), as `v1.<iv>.<tag>.<ciphertext>`.
 * The notifier needs the plaintext to sign each delivery, so a one-way hash cannot do; sealing
 * keeps a copy of the database alone from revealing secrets, and a sealed value copied onto
 * another row does not open.
 */
export function sealWebhookSecret(key: Buffer, savedSearchId: string, secret: string): string {
  return seal(key, savedSearchId, secret);
}

/** The plaintext of a value `sealWebhookSecret` made for this saved search; throws on any other. */
export function openWebhookSecret(key: Buffer, savedSearchId: string, stored: string): string {
  return open(key, savedSearchId, stored, "webhook secret");
}

/**
 * The stored form of a saved search's feed token, so its owner can read the feed address again
 * (its SHA-256 is what the feed is found by). Sealed like the webhook secret under the same key,
 * bound to the saved search and to its use: a sealed webhook secret copied into the feed token's
 * column does not open as a token, nor the other way round.
 */
export function sealFeedToken(key: Buffer, savedSearchId: string, token: string): string {
  return seal(key, `feed-token:${savedSearchId}`, token);
}

/** The feed token `sealFeedToken` sealed for this saved search; throws on anything else. */
export function openFeedToken(key: Buffer, savedSearchId: string, stored: string): string {
  return open(key, `feed-token:${savedSearchId}`, stored, "feed token");
}

function seal(key: Buffer, boundTo: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(boundTo, "utf8"));
  const sealed = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

function open(key: Buffer, boundTo: string, stored: string, what: string): string {
  const [version, iv, tag, sealed, ...rest] = stored.split(".");
  if (version !== VERSION || iv === undefined || tag === undefined || sealed === undefined || rest.length) {
    throw new Error(`the stored ${what} is not in a known form`);
  }
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(boundTo, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString(
    "utf8",
  );
}
