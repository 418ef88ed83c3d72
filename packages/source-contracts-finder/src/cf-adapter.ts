import { createOcdsPackageAdapter, type PoliteHttpClient, type SourceAdapter } from "@tender/ingest";
import { cfReleaseToTenderRecord } from "./cf-release-to-tender-record.js";
import { type CfSearchOptions, cfFirstPageUrl } from "./cf-search-url.js";
import { CF_SOURCE_CODE } from "./cf-source-code.js";

export interface CfAdapterOptions extends CfSearchOptions {
  http: PoliteHttpClient;
  now?: () => Date;
}

/**
 * The Contracts Finder source: `GET /Published/Notices/OCDS/Search`, paged by `links.next` (see
 * `createOcdsPackageAdapter`). A fresh pass starts from `cfFirstPageUrl`.
 */
export function createCfAdapter(options: CfAdapterOptions): SourceAdapter {
  return createOcdsPackageAdapter({
    code: CF_SOURCE_CODE,
    http: options.http,
    firstPageUrl: (lastSyncAt, now) => cfFirstPageUrl(options, lastSyncAt, now),
    mapRelease: cfReleaseToTenderRecord,
    ...(options.now ? { now: options.now } : {}),
  });
}
