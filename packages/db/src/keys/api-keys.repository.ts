import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../database.js";
import type { ApiKeyRow } from "./api-keys.table.js";

/** Every key starts with this, so a leaked key is easy to recognize (and to scan for). */
export const API_KEY_PREFIX = "tsk_";

/** A newly created key: the only time its plaintext exists. */
export interface CreatedApiKey {
  id: string;
  /** `tsk_` + 43 base64url characters; show it once, it cannot be recovered. */
  key: string;
  name: string;
  limit_per_minute: number;
}

/** A key as listed to operators: everything but the hash and the rate-limit counter. */
export interface ApiKeySummary {
  id: string;
  name: string;
  enabled: boolean;
  limit_per_minute: number;
  created_at: Date;
}

/** A fresh key: `tsk_` followed by 32 random bytes in base64url (43 characters). */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString("base64url");
}

/** SHA-256 of the key, lowercase hex: the only form a key is stored in. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** Generates a key and stores its hash; the returned plaintext is never stored. */
export async function createApiKey(
  db: Db,
  input: { name: string; limitPerMinute: number },
): Promise<CreatedApiKey> {
  const key = generateApiKey();
  const row = await db
    .insertInto("api_keys")
    .values({ name: input.name, key_hash: hashApiKey(key), limit_per_minute: input.limitPerMinute })
    .returning(["id", "name", "limit_per_minute"])
    .executeTakeFirstOrThrow();
  return { id: row.id, key, name: row.name, limit_per_minute: row.limit_per_minute };
}

/** The key row with this SHA-256 hex digest, or undefined. */
export async function findApiKeyByHash(db: Db, keyHash: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom("api_keys").selectAll().where("key_hash", "=", keyHash).executeTakeFirst();
}

/** Every key, oldest first, without hashes. */
export async function listApiKeys(db: Db): Promise<ApiKeySummary[]> {
  return db
    .selectFrom("api_keys")
    .select(["id", "name", "enabled", "limit_per_minute", "created_at"])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/**
 * Enables or disables a key. Returns false when no key has this id (true also when the key
 * already was in that state). `id` must be a uuid: PostgreSQL rejects anything else.
 */
export async function setApiKeyEnabled(db: Db, id: string, enabled: boolean): Promise<boolean> {
  const result = await db.updateTable("api_keys").set({ enabled }).where("id", "=", id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
