import * as v from "valibot";

const INPUT =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?$/;

/** Wire pattern of a UTC timestamp: ISO 8601 with `Z`, optional fraction of a second. */
export const UTC_TIMESTAMP_PATTERN = "^(?!0000)\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:[0-5]\\d(?:\\.\\d{1,9})?Z$";

// Years 0001..9999: PostgreSQL has no year 0 (JavaScript's year 0 is its 1 BC) and refuses it,
// and JavaScript writes years past 9999 as `+010000`.
const CANONICAL = /^(?!0000)\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function offsetMinutes(zone: string | undefined): number | null {
  if (zone === undefined || zone === "Z" || zone === "z") return 0;
  const digits = zone.slice(1).replace(":", "");
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
  if (hours > 23 || minutes > 59) return null;
  return (zone.startsWith("-") ? -1 : 1) * (hours * 60 + minutes);
}

/**
 * Reads an ISO 8601 date-time and returns it as `YYYY-MM-DDTHH:mm:ss.sssZ` (UTC, millisecond
 * precision, the form of `Date#toISOString`), or `null` when it is not a valid date-time.
 * `Z` or an offset (`+02:00`, `+0200`, `+02`) is honoured; a naive date-time is read as UTC.
 * Digits beyond milliseconds are dropped, as PostgreSQL would round-trip them through `Date`.
 * The UTC result must fall in the years 0001..9999, which PostgreSQL and `Date` both store.
 */
export function normalizeUtcTimestamp(text: string): string | null {
  const match = INPUT.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s = "0", fraction = "", zone] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const offset = offsetMinutes(zone);
  if (offset === null || hour > 23 || minute > 59 || second > 59) return null;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  date.setUTCHours(hour, minute - offset, second, Number(fraction.padEnd(3, "0").slice(0, 3)));
  const iso = date.toISOString();
  return CANONICAL.test(iso) ? iso : null;
}

/**
 * ISO 8601 date-time in, UTC `YYYY-MM-DDTHH:mm:ss.sssZ` out (see `normalizeUtcTimestamp`).
 * On the wire (JSON Schema) only the UTC form with `Z` is described.
 */
export const UtcTimestamp = v.pipe(
  v.string("Must be an ISO 8601 date-time string"),
  v.check(
    (text) => normalizeUtcTimestamp(text) !== null,
    "Must be a valid ISO 8601 date-time, e.g. 2026-05-30T12:00:00Z",
  ),
  v.transform((text) => normalizeUtcTimestamp(text) as string),
  v.metadata({ format: "date-time", pattern: UTC_TIMESTAMP_PATTERN }),
);
export type UtcTimestamp = v.InferOutput<typeof UtcTimestamp>;
