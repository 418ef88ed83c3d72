import {
  CursorRejectedError,
  HttpStatusError,
  type PoliteHttpClient,
  type SourceAdapter,
} from "@tender/ingest";
import { TedSearchPage } from "./ted-notice.js";
import { tedNoticeToTenderRecord } from "./ted-notice-to-tender-record.js";
import { type TedSearchOptions, tedSearchBody } from "./ted-search-body.js";
import { TED_SOURCE_CODE } from "./ted-source-code.js";

export interface TedAdapterOptions extends TedSearchOptions {
  http: PoliteHttpClient;
  /** e.g. `https://api.ted.europa.eu` (a replay server in tests). */
  baseUrl: string;
}

/**
 * The TED source: `POST {baseUrl}/v3/notices/search` in iteration mode. The cursor is TED's
 * `iterationNextToken`; the data ends when it is null or a page has no notices. A fresh pass
 * (no stored token) runs the configured query again; a token TED refuses (4xx, e.g. expired
 * after downtime) makes the pass start afresh.
 */
export function createTedAdapter(options: TedAdapterOptions): SourceAdapter {
  const url = new URL("v3/notices/search", withTrailingSlash(options.baseUrl)).toString();
  return {
    code: TED_SOURCE_CODE,
    async fetchPage({ cursor, signal }) {
      let page: TedSearchPage;
      try {
        page = await options.http.requestJson(
          { method: "POST", url, body: tedSearchBody(options, cursor), signal },
          TedSearchPage,
        );
      } catch (error) {
        const refused = error instanceof HttpStatusError && [400, 404, 410].includes(error.status);
        if (refused && cursor !== null) throw new CursorRejectedError(error.message, { cause: error });
        throw error;
      }
      const token = page.iterationNextToken ?? null;
      return {
        items: page.notices,
        nextCursor: page.notices.length === 0 || token === "" ? null : token,
        map: tedNoticeToTenderRecord,
      };
    },
  };
}

/** So that a base URL with a path (a proxy prefix) keeps it: `new URL("v3/...", "http://h/p/")`. */
function withTrailingSlash(url: string): string {
  return url.endsWith("/") ? url : `${url}/`;
}
