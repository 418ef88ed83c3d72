/** How far before the last committed page a fresh pass starts, so nothing updated meanwhile is missed. */
export const FTS_RESYNC_OVERLAP_MS = 24 * 3_600_000;
/** Where the very first pass starts when `FTS_UPDATED_FROM` is unset. */
export const FTS_FIRST_SYNC_LOOKBACK_MS = 7 * 24 * 3_600_000;

export interface FtsPackagesOptions {
  baseUrl: string;
  /** `FTS_STAGES`, e.g. `planning,tender,award`. */
  stages: string;
  pageSize: number;
  /** `FTS_UPDATED_FROM`: start of the very first pass, sent as given. */
  updatedFrom?: string | undefined;
}

/**
 * The first page of a fresh pass: `GET /api/1.0/ocdsReleasePackages?stages&limit&updatedFrom&updatedTo`.
 * `updatedFrom` is the last committed page's time minus a day of overlap; for the very first pass
 * it is `FTS_UPDATED_FROM`, else seven days back. `updatedTo` is now, so the pass reads a fixed
 * window; later pages follow `links.next` as given (it keeps the window and adds its `cursor`).
 */
export function ftsFirstPageUrl(options: FtsPackagesOptions, lastSyncAt: Date | null, now: Date): string {
  // Relative to the base, so a base URL with a path (a proxy prefix) keeps it.
  const base = options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`;
  const url = new URL("api/1.0/ocdsReleasePackages", base);
  const from =
    lastSyncAt !== null
      ? naiveUtc(new Date(lastSyncAt.getTime() - FTS_RESYNC_OVERLAP_MS))
      : (options.updatedFrom ?? naiveUtc(new Date(now.getTime() - FTS_FIRST_SYNC_LOOKBACK_MS)));
  url.searchParams.set("stages", options.stages);
  url.searchParams.set("limit", String(options.pageSize));
  url.searchParams.set("updatedFrom", from);
  url.searchParams.set("updatedTo", naiveUtc(now));
  return url.toString();
}

/** `YYYY-MM-DDTHH:mm:ss` in UTC, the form the API's own links use. */
function naiveUtc(date: Date): string {
  return date.toISOString().slice(0, 19);
}
