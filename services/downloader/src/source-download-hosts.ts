import { SOURCE_DOCUMENT_HOSTS } from "@tender/contracts";

/**
 * Hosts each source's documents are downloaded from by default (a name also allows its
 * subdomains), as each source's definition declares them (the contracts' copy, generated from the
 * registry: the downloader depends on no source package). Other hosts need
 * `DOWNLOAD_ALLOWED_HOSTS`; UK notices often link to buyers' own e-tendering portals, which an
 * operator adds there.
 */
export const SOURCE_DOWNLOAD_HOSTS: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries(SOURCE_DOCUMENT_HOSTS),
);
