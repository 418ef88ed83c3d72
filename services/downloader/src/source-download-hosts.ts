import { CF_DOCUMENT_HOSTS, CF_SOURCE_CODE } from "@tender/source-contracts-finder";
import { TED_DOCUMENT_HOSTS, TED_SOURCE_CODE } from "@tender/source-ted";

/**
 * Hosts each source's documents are downloaded from by default (a name also allows its
 * subdomains), as each source package declares them. Other hosts need `DOWNLOAD_ALLOWED_HOSTS`;
 * Contracts Finder notices often link to buyers' own e-tendering portals, which an operator adds there.
 */
export const SOURCE_DOWNLOAD_HOSTS: ReadonlyMap<string, readonly string[]> = new Map([
  [TED_SOURCE_CODE, TED_DOCUMENT_HOSTS],
  [CF_SOURCE_CODE, CF_DOCUMENT_HOSTS],
]);
