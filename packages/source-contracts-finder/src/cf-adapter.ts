import {
  CursorRejectedError,
  HostNotAllowedError,
  HttpStatusError,
  type PoliteHttpClient,
  type SourceAdapter,
} from "@tender/ingest";
import { CfSearchPage } from "./cf-release.js";
import { cfReleaseToTenderRecord } from "./cf-release-to-tender-record.js";
import { type CfSearchOptions, cfFirstPageUrl } from "./cf-search-url.js";
import { CF_SOURCE_CODE } from "./cf-source-code.js";

export interface CfAdapterOptions extends CfSearchOptions {
  http: PoliteHttpClient;
  now?: () => Date;
}

/**
 * The Contracts Finder source: `GET /Published/Notices/OCDS/Search`. The cursor is the page's
 * `links.next` URL, stored and requested exactly as given (the client still checks its host);
 * the data ends when a page has no `links.next` or no releases. A `links.next` off the allowlist
 * fails the page before it commits. A fresh pass starts from
 * `cfFirstPageUrl`; a stored link the API refuses (4xx) makes the pass start afresh.
 */
export function createCfAdapter(options: CfAdapterOptions): SourceAdapter {
  const now = options.now ?? (() => new Date());
  return {
    code: CF_SOURCE_CODE,
    async fetchPage({ cursor, lastSyncAt, signal }) {
      const url = cursor ?? cfFirstPageUrl(options, lastSyncAt, now());
      let page: CfSearchPage;
      try {
        page = await options.http.requestJson({ url, signal }, CfSearchPage);
      } catch (error) {
        const refused = error instanceof HttpStatusError && [400, 404, 410].includes(error.status);
        if (refused && cursor !== null) throw new CursorRejectedError(error.message, { cause: error });
        throw error;
      }
      const { releases, links, ...packageMeta } = page;
      const next = links?.next?.trim() || null;
      // Vetted before the page commits: a stored link the client refuses would block every later pass.
      if (next !== null && !options.http.isAllowed(next)) throw new HostNotAllowedError(next);
      return {
        items: releases,
        nextCursor: releases.length === 0 ? null : next,
        map: (release) => cfReleaseToTenderRecord(release, packageMeta),
      };
    },
  };
}
