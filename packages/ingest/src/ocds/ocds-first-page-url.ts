/** How far before the last committed page a fresh pass starts, so nothing published meanwhile is missed. */
export const OCDS_RESYNC_OVERLAP_MS = 24 * 3_600_000;
/** Where the very first pass starts when the source's start setting (`CF_PUBLISHED_FROM`...) is unset. */
export const OCDS_FIRST_SYNC_LOOKBACK_MS = 7 * 24 * 3_600_000;

/** The query parameters of an API's date window: `publishedFrom`, or `updatedFrom` with `updatedTo`. */
export interface OcdsDateWindow {
  /** Sent on every first page: where the pass starts. */
  readonly from: string;
  /** Sent as now when present, so the pass reads a fixed window. */
  readonly to?: string;
}

/** What a first page needs: the base URL, stages, page size, and the start of the very first pass under `window.from`'s name. */
export interface OcdsFirstPageOptions {
  baseUrl: string;
  stages: string;
  pageSize: number;
  /** The start of the very first pass (`publishedFrom`, `updatedFrom`...: `window.from`), sent as given. */
  [from: string]: unknown;
}

/**
 * The first page of a fresh pass: `GET <base>/<path>?stages&limit&<from>[&<to>]`. `<from>` is the
 * last committed page's time minus a day of overlap; for the very first pass it is the configured
 * start, else seven days back; `<to>` (when the API has one) is now. Later pages follow
 * `links.next` as given.
 */
export function ocdsFirstPageUrl(
  path: string,
  window: OcdsDateWindow,
  options: OcdsFirstPageOptions,
  lastSyncAt: Date | null,
  now: Date,
): string {
  // Relative to the base, so a base URL with a path (a proxy prefix) keeps it.
  const base = options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`;
  const url = new URL(path, base);
  const configured = options[window.from];
  const from =
    lastSyncAt !== null
      ? naiveUtc(new Date(lastSyncAt.getTime() - OCDS_RESYNC_OVERLAP_MS))
      : typeof configured === "string"
        ? configured
        : naiveUtc(new Date(now.getTime() - OCDS_FIRST_SYNC_LOOKBACK_MS));
  url.searchParams.set("stages", options.stages);
  url.searchParams.set("limit", String(options.pageSize));
  url.searchParams.set(window.from, from);
  if (window.to !== undefined) url.searchParams.set(window.to, naiveUtc(now));
  return url.toString();
}

/** `YYYY-MM-DDTHH:mm:ss` in UTC, the form the APIs' own links use. */
function naiveUtc(date: Date): string {
  return date.toISOString().slice(0, 19);
}
