import { measureJsonDepth, RECORD_LIMITS, toStorableText } from "@tender/contracts";

/** Deepest payload kept as it is: a record wraps its `raw_payload` one level down. */
export const QUARANTINE_MAX_DEPTH = RECORD_LIMITS.rawPayloadDepth * 2;
/** Largest payload kept as it is, in UTF-8 bytes of JSON text. */
export const QUARANTINE_MAX_BYTES = RECORD_LIMITS.rawPayloadBytes * 2;
/** Characters of JSON text kept from a payload too large to keep whole. */
const PREFIX_LENGTH = 64 * 1024;

/** `JSON.stringify` replacer: every string and key PostgreSQL cannot store gets U+FFFD in place. */
function storable(_key: string, value: unknown): unknown {
  if (typeof value === "string") return toStorableText(value);
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const entries = Object.entries(value);
  if (entries.every(([key]) => toStorableText(key) === key)) return value;
  return Object.fromEntries(entries.map(([key, item]) => [toStorableText(key), item]));
}

/**
 * The JSON text a quarantined payload is stored as; jsonb accepts it whatever the payload held,
 * since a hostile payload must not fail its own quarantine (and with it its whole page):
 * - each NUL character and lone surrogate becomes U+FFFD (jsonb refuses both);
 * - a payload deeper than `QUARANTINE_MAX_DEPTH` (which `JSON.stringify` cannot even write when
 *   it nests thousands of levels) is replaced by `{"payload_not_kept": why}`;
 * - one over `QUARANTINE_MAX_BYTES` by `{"payload_not_kept": why, "json_prefix": first 64 KiB}`,
 *   so the quarantine table stays bounded too.
 * The reason stored beside it says what was wrong; the source still holds the original.
 */
export function toQuarantinePayload(raw: unknown): string {
  if (raw === undefined) return "null";
  const depth = measureJsonDepth(raw, QUARANTINE_MAX_DEPTH);
  if (depth === null) return notKept("not a JSON value");
  if (depth > QUARANTINE_MAX_DEPTH) return notKept(`nested deeper than ${QUARANTINE_MAX_DEPTH} levels`);
  const text = JSON.stringify(raw, storable);
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes <= QUARANTINE_MAX_BYTES) return text;
  return notKept(`${bytes} bytes as JSON text, over ${QUARANTINE_MAX_BYTES}`, text.slice(0, PREFIX_LENGTH));
}

function notKept(why: string, prefix?: string): string {
  const stand_in = prefix === undefined ? {} : { json_prefix: toStorableText(prefix) };
  return JSON.stringify({ payload_not_kept: why, ...stand_in });
}
