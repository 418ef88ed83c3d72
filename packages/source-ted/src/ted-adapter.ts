import { setTimeout as sleep } from "node:timers/promises";
import { type BackoffPolicy, backoffDelayMs } from "@tender/backoff";
import {
  CursorRejectedError,
  type FetchPageRequest,
  HttpStatusError,
  type IngestLogger,
  InvalidResponseError,
  type PoliteHttpClient,
  type SourceAdapter,
  withAwards,
} from "@tender/ingest";
import { fetchTedNoticeAwards } from "./fetch-ted-notice-awards.js";
import { readTedAdapterState, tedAdapterState } from "./ted-adapter-state.js";
import { TedSearchPage } from "./ted-notice.js";
import { tedNoticeToTenderRecord } from "./ted-notice-to-tender-record.js";
import { DEFAULT_TED_LOOKBACK_DAYS, tedPassQuery, tedWindowStart } from "./ted-query.js";
import { type TedSearchOptions, tedSearchBody } from "./ted-search-body.js";
import { TED_SOURCE_CODE } from "./ted-source-code.js";

export interface TedAdapterOptions extends TedSearchOptions {
  /** `TED_QUERY`, the subject filter; each request adds the pass's publication-date bound (`tedPassQuery`). */
  query: string;
  /** `TED_LOOKBACK_DAYS`: how far back the very first pass (nothing committed yet) looks; default 2. */
  lookbackDays?: number;
  http: PoliteHttpClient;
  /** e.g. `https://api.ted.europa.eu` (a replay server in tests). */
  baseUrl: string;
  /** Largest notice XML read for a result notice's awards; default `TED_XML_MAX_BYTES` (10 MB). */
  xmlMaxBytes?: number;
  /** Tries of a page TED answers with `timedOut: true` (partial results); default 3. */
  timedOutAttempts?: number;
  /** Wait between those tries; default 2 s doubling up to 30 s, with jitter. */
  timedOutBackoff?: Pick<BackoffPolicy, "initialMs" | "maxMs">;
  logger?: Pick<IngestLogger, "warn">;
  /** Injected in tests. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => Date;
}

/** Statuses that mean "TED does not know this token" (TED answers an invalid token with 500). */
const REFUSED = [400, 404, 410];
const REFUSED_WHEN_RESUMED = [...REFUSED, 500];

/**
 * The TED source: `POST {baseUrl}/v3/notices/search` in iteration mode. The cursor is TED's
 * `iterationNextToken`; the data ends when it is null or a page has no notices. A fresh pass
 * (no stored token) runs the configured query again, bounded to notices published from two days
 * before the last committed page on (`tedPassQuery`), so a downtime of any length is caught up;
 * that window start is stored with the pass's pages (`TedAdapterState`) until the end of the data.
 * A token TED refuses (400, 404, 410, and for a token stored by an earlier pass also 500, TED's
 * answer to a token it does not know) makes the pass start afresh over the same window. A page
 * with `timedOut: true` holds partial results: it is asked for again and never committed as it
 * is, so no notice is skipped silently. Before a page is returned, the eForms XML of each of its
 * result and modification notices is fetched, one at a time through the same polite client, and
 * read for the notice's awards (`fetchTedNoticeAwards`); they are stored with the page's records
 * in its transaction. A notice whose XML cannot be read is stored without awards, saying why.
 */
export function createTedAdapter(options: TedAdapterOptions): SourceAdapter {
  const url = new URL("v3/notices/search", withTrailingSlash(options.baseUrl)).toString();
  const attempts = options.timedOutAttempts ?? 3;
  const backoff = options.timedOutBackoff ?? { initialMs: 2_000, maxMs: 30_000 };
  const wait = options.sleep ?? ((ms, signal) => sleep(ms, undefined, { signal }));
  const random = options.random ?? Math.random;
  const now = options.now ?? (() => new Date());
  const lookbackDays = options.lookbackDays ?? DEFAULT_TED_LOOKBACK_DAYS;
  const xmlCap = options.xmlMaxBytes === undefined ? {} : { maxBytes: options.xmlMaxBytes };

  const request = async ({ cursor, resumed = false, signal }: FetchPageRequest, windowStart: Date) => {
    const query = tedPassQuery(options.query, windowStart);
    try {
      return await options.http.requestJson(
        { method: "POST", url, body: tedSearchBody({ ...options, query }, cursor), signal },
        TedSearchPage,
      );
    } catch (error) {
      const refused = resumed ? REFUSED_WHEN_RESUMED : REFUSED;
      if (cursor !== null && error instanceof HttpStatusError && refused.includes(error.status)) {
        throw new CursorRejectedError(error.message, { cause: error });
      }
      throw error;
    }
  };

  return {
    code: TED_SOURCE_CODE,
    async fetchPage(pageRequest) {
      const { signal } = pageRequest;
      // TED expects the same query with every page of an iteration; the window is stored with the
      // pass's pages and reused on a restart, so the whole window is read even after a refused token.
      const stored = readTedAdapterState(pageRequest.adapterState);
      if (stored === "invalid") {
        options.logger?.warn(
          { source: TED_SOURCE_CODE },
          "Stored TED pass state is not understood; the pass starts a new publication-date window",
        );
      }
      const windowStart = tedWindowStart(
        stored === "invalid" ? null : stored,
        pageRequest.lastSyncAt,
        now(),
        lookbackDays,
      );
      for (let attempt = 1; ; attempt += 1) {
        const page = await request(pageRequest, windowStart);
        if (page.timedOut !== true) {
          const token = page.iterationNextToken ?? null;
          const awards = new Map<unknown, Awaited<ReturnType<typeof fetchTedNoticeAwards>>>();
          const fetch = { http: options.http, baseUrl: options.baseUrl, signal };
          for (const notice of page.notices) {
            awards.set(notice, await fetchTedNoticeAwards(notice, { ...fetch, ...xmlCap }));
          }
          return {
            items: page.notices,
            nextCursor: page.notices.length === 0 || token === "" ? null : token,
            map: (notice) => {
              const found = awards.get(notice);
              const result = tedNoticeToTenderRecord(notice);
              return found === undefined ? result : withAwards(result, () => found);
            },
            adapterState: tedAdapterState(windowStart),
          };
        }
        if (attempt >= attempts) {
          throw new InvalidResponseError(
            url,
            `TED search timed out ${attempts} times (timedOut: true, partial results); the page is not committed`,
          );
        }
        const delayMs = backoffDelayMs(attempt, { ...backoff, jitter: "equal" }, random);
        options.logger?.warn(
          { url, attempt, retry_in_ms: delayMs },
          "TED search timed out with partial results; asking for the page again",
        );
        await wait(delayMs, signal);
      }
    },
  };
}

/** So that a base URL with a path (a proxy prefix) keeps it: `new URL("v3/...", "http://h/p/")`. */
function withTrailingSlash(url: string): string {
  return url.endsWith("/") ? url : `${url}/`;
}
