const DAY_MS = 86_400_000;

/**
 * Days a fresh pass re-reads before the day of the last committed page. TED dates notices by
 * their publication day (Brussels time) and some become searchable late; re-reading them costs
 * no writes. It is also the shortest window a pass ever asks for (`today(-2)`).
 */
export const TED_RESYNC_OVERLAP_DAYS = 2;
/** Where the very first pass starts when `TED_LOOKBACK_DAYS` is unset. */
export const DEFAULT_TED_LOOKBACK_DAYS = 2;

// `publication-date` or its expert-search alias `PD`, followed by a comparison or `IN`.
const PUBLICATION_DATE_CLAUSE = /(?<![\w-])(?:publication-date|PD)\s*(?:[<>!]?=|[<>~]|IN\b|NOT\s+IN\b)/i;
const QUOTED = /"(?:[^"\\]|\\.)*"/g;

/** True when an expert query bounds `publication-date` itself (quoted search terms are ignored). */
export function hasPublicationDateClause(query: string): boolean {
  return PUBLICATION_DATE_CLAUSE.test(query.replace(QUOTED, '""'));
}

/**
 * The first publication day a fresh pass asks for, as TED writes dates (`YYYYMMDD`): the day of
 * the last committed page minus `TED_RESYNC_OVERLAP_DAYS`, never later than `today(-2)`; with no
 * page committed yet, `lookbackDays` before today. Days are UTC days, which never run ahead of
 * TED's Brussels days, so the bound errs towards re-reading.
 */
export function tedPublishedFrom(lastSyncAt: Date | null, now: Date, lookbackDays: number): string {
  return tedDay(freshWindowStart(lastSyncAt, now, lookbackDays));
}

/**
 * The window start of a pass (midnight UTC of its first publication day): the one stored by the
 * pass in progress when there is one, so a pass restarted after a refused token reads the whole
 * window again; otherwise the day of `tedPublishedFrom`.
 */
export function tedWindowStart(
  storedWindowStart: Date | null | undefined,
  lastSyncAt: Date | null,
  now: Date,
  lookbackDays: number,
): Date {
  return storedWindowStart ?? freshWindowStart(lastSyncAt, now, lookbackDays);
}

/**
 * The expert query a pass sends: `TED_QUERY` (the subject filter) and
 * `publication-date>=YYYYMMDD` from the pass's window start (`tedWindowStart`), so notices
 * published while the service was down are fetched on its next pass. A `TED_QUERY` with its own
 * `publication-date` (or `PD`) clause is sent as it is: its window then bounds what a pass after a
 * downtime can catch up.
 */
export function tedPassQuery(query: string, windowStart: Date): string {
  if (hasPublicationDateClause(query)) return query;
  const bound = `publication-date>=${tedDay(windowStart)}`;
  return query.trim() === "" ? bound : `(${query}) AND ${bound}`;
}

function freshWindowStart(lastSyncAt: Date | null, now: Date, lookbackDays: number): Date {
  const today = utcDay(now);
  const from =
    lastSyncAt === null
      ? today - lookbackDays * DAY_MS
      : Math.min(utcDay(lastSyncAt), today) - TED_RESYNC_OVERLAP_DAYS * DAY_MS;
  return new Date(from);
}

function tedDay(date: Date): string {
  return date.toISOString().slice(0, 10).replaceAll("-", "");
}

function utcDay(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS) * DAY_MS;
}
