/**
 * The dot path (`title`, `raw_payload.tender.documents.0.url`) of the first string or key in
 * `value` holding U+0000, or `null` when there is none. PostgreSQL stores no NUL character in
 * text or jsonb, so a record holding one would fail its whole page instead of being quarantined.
 */
export function findNulCharacter(value: unknown, path = ""): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path || "(value)" : null;
  if (typeof value !== "object" || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path === "" ? key : `${path}.${key}`;
    if (key.includes("\u0000")) return at;
    const found = findNulCharacter(item, at);
    if (found !== null) return found;
  }
  return null;
}
