/** How far before the last committed page a fresh pass starts, so nothing published meanwhile is missed. */
export const RESYNC_OVERLAP_MS = 24 * 3_600_000;
/** Where the very first pass starts when `CF_PUBLISHED_FROM` is unset. */
export const FIRST_SYNC_LOOKBACK_MS = 7 * 24 * 3_600_000;

export interface CfSearchOptions {
  baseUrl: string;
  /** `CF_STAGES`, e.g. `tender`. */
  stages: string;
  pageSize: number;
  /** `CF_PUBLISHED_FROM`: start of the very first pass, sent as given. */
  publishedFrom?: string | undefined;
}

/**
 * The first page of a fresh pass: `GET /Published/Notices/OCDS/Search?stages&limit&publishedFrom`.
 * `publishedFrom` is the last committed page's time minus a day of overlap; for the very first pass
 * it is `CF_PUBLISHED_FROM`, else seven days back. Later pages follow `links.next` as given.
 */
export function cfFirstPageUrl(options: CfSearchOptions, lastSyncAt: Date | null, now: Date): string {
  // Relative to the base, so a base URL with a path (a proxy prefix) keeps it.
  const base = options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`;
  const url = new URL("Published/Notices/OCDS/Search", base);
  const from =
    lastSyncAt !== null
      ? naiveUtc(new Date(lastSyncAt.getTime() - RESYNC_OVERLAP_MS))
      : (options.publishedFrom ?? naiveUtc(new Date(now.getTime() - FIRST_SYNC_LOOKBACK_MS)));
  url.searchParams.set("stages", options.stages);
  url.searchParams.set("limit", String(options.pageSize));
  url.searchParams.set("publishedFrom", from);
  return url.toString();
}

/** `YYYY-MM-DDTHH:mm:ss` in UTC, the form the API's own links use. */
function naiveUtc(date: Date): string {
  return date.toISOString().slice(0, 19);
}
