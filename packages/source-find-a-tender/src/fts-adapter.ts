import { createOcdsPackageAdapter, type PoliteHttpClient, type SourceAdapter } from "@tender/ingest";
import { type FtsPackagesOptions, ftsFirstPageUrl } from "./fts-packages-url.js";
import { ftsReleaseToTenderRecord } from "./fts-release-to-tender-record.js";
import { FTS_SOURCE_CODE } from "./fts-source-code.js";

export interface FtsAdapterOptions extends FtsPackagesOptions {
  http: PoliteHttpClient;
  now?: () => Date;
}

/**
 * The Find a Tender source: `GET /api/1.0/ocdsReleasePackages`, paged by `links.next` (its
 * `cursor`), see `createOcdsPackageAdapter`. A fresh pass starts from `ftsFirstPageUrl`.
 */
export function createFtsAdapter(options: FtsAdapterOptions): SourceAdapter {
  return createOcdsPackageAdapter({
    code: FTS_SOURCE_CODE,
    http: options.http,
    firstPageUrl: (lastSyncAt, now) => ftsFirstPageUrl(options, lastSyncAt, now),
    mapRelease: ftsReleaseToTenderRecord,
    ...(options.now ? { now: options.now } : {}),
  });
}
