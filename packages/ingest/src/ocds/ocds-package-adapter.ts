import { HostNotAllowedError, HttpStatusError } from "../http/http-errors.js";
import type { PoliteHttpClient } from "../http/polite-http-client.js";
import type { MapResult } from "../mapping/map-result.js";
import { CursorRejectedError, type SourceAdapter } from "../sync/source-adapter.js";
import { type OcdsPackageMeta, OcdsReleasePackage } from "./ocds-release.js";

export interface OcdsPackageAdapterOptions {
  /** `sources.code`. */
  code: string;
  http: PoliteHttpClient;
  /** The first page of a fresh pass, given when the source last committed a page. */
  firstPageUrl(lastSyncAt: Date | null, now: Date): string;
  /** Maps one release of a page, given the package around it. */
  mapRelease(release: unknown, packageMeta: OcdsPackageMeta): MapResult;
  now?: () => Date;
}

/**
 * A source that serves OCDS release packages paged by `links.next`. The cursor is the page's `links.next` URL, stored and requested exactly as given (the
 * client still checks its host); the data ends when a page has no `links.next` or no releases.
 * A `links.next` off the allowlist fails the page before it commits. A stored link the API
 * refuses (400, 404, 410) makes the pass start afresh at `firstPageUrl`.
 */
export function createOcdsPackageAdapter(options: OcdsPackageAdapterOptions): SourceAdapter {
  const now = options.now ?? (() => new Date());
  return {
    code: options.code,
    async fetchPage({ cursor, lastSyncAt, signal }) {
      const url = cursor ?? options.firstPageUrl(lastSyncAt, now());
      let page: OcdsReleasePackage;
      try {
        page = await options.http.requestJson({ url, signal }, OcdsReleasePackage);
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
        map: (release) => options.mapRelease(release, packageMeta),
      };
    },
  };
}
