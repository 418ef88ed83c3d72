import { RECORD_LIMITS } from "@tender/contracts";

/**
 * A source's procedure or notice identifier as a key the database can store and index: trimmed,
 * at most `RECORD_LIMITS.externalId` code points (as `external_id`, so it fits the btree index),
 * no control character, no lone surrogate. Anything else is null: a hostile or broken identifier
 * must not cost the notice its place, so the mapper falls back as if the source named none.
 */
export function noticeKey(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const key = value.trim();
  if (key === "" || [...key].length > RECORD_LIMITS.externalId) return null;
  if (/\p{Cc}/u.test(key) || !key.isWellFormed()) return null;
  return key;
}
