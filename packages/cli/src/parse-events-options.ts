import { CliError } from "./cli-error.js";

const DURATION = /^(\d{1,9})(s|m|h|d)$/;
const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
// A date-time must say its zone: "Z" or an offset. A bare local time would depend on the machine.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * `--since`: an ISO 8601 date (`2026-03-01`, UTC midnight), a date-time with zone
 * (`2026-03-01T12:00:00Z`, `2026-03-01T14:00+02:00`), or an age back from `now` (`90s`, `15m`, `6h`, `7d`).
 */
export function parseSince(raw: string, now: Date): Date {
  const text = raw.trim();
  const ageMs = durationMs(text);
  let since: Date | undefined;
  if (ageMs !== undefined) {
    since = new Date(now.getTime() - ageMs);
  } else if ((DATE_ONLY.test(text) || DATE_TIME.test(text)) && isCalendarDate(text.slice(0, 10))) {
    const ms = Date.parse(DATE_ONLY.test(text) ? `${text}T00:00:00Z` : text);
    if (!Number.isNaN(ms)) since = new Date(ms);
  }
  if (since === undefined || Number.isNaN(since.getTime())) {
    throw new CliError(
      `--since must be a date (2026-03-01), a date-time with zone (2026-03-01T12:00:00Z) or an age (90s, 15m, 6h, 7d), got ${JSON.stringify(raw)}`,
    );
  }
  if (since.getTime() > now.getTime()) {
    throw new CliError(`--since ${since.toISOString()} is in the future`);
  }
  return since;
}

/** `90s`, `15m`, `6h`, `7d` in milliseconds; undefined for anything else. */
function durationMs(text: string): number | undefined {
  const duration = DURATION.exec(text);
  return duration ? Number(duration[1]) * UNIT_MS[duration[2] as keyof typeof UNIT_MS] : undefined;
}

/** An age option such as `--older-than`: `90s`, `15m`, `6h` or `7d`, in whole seconds. */
export function parseAge(raw: string, option: string): number {
  const ms = durationMs(raw.trim());
  if (ms === undefined) {
    throw new CliError(`${option} must be an age such as 90s, 15m, 6h or 7d, got ${JSON.stringify(raw)}`);
  }
  return ms / 1000;
}

/** `Date.parse` rolls 2026-02-30 over to March; a real date reads back unchanged. */
function isCalendarDate(ymd: string): boolean {
  const ms = Date.parse(`${ymd}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === ymd;
}

/** A stream sequence number: a whole number of at least 1, in plain digits. */
export function parseSequence(raw: string, what: string): number {
  const text = raw.trim();
  const n = /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
  if (!(n >= 1 && Number.isSafeInteger(n))) {
    throw new CliError(
      `${what} must be a stream sequence number (a whole number from 1), got ${JSON.stringify(raw)}`,
    );
  }
  return n;
}

/** `--limit`: a whole number from 1 to `max`. */
export function parseLimit(raw: string, max: number): number {
  const text = raw.trim();
  const n = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
  if (!(n >= 1 && n <= max)) {
    throw new CliError(`--limit must be a whole number from 1 to ${max}, got ${JSON.stringify(raw)}`);
  }
  return n;
}
