/**
 * Hosts Contracts Finder releases' attachments are downloaded from by default; the downloader
 * allows these, and their subdomains, for tenders of this source. Notices often link buyers' own
 * e-tendering portals as well: those are the operator's choice (`DOWNLOAD_ALLOWED_HOSTS`).
 */
export const CF_DOCUMENT_HOSTS: readonly string[] = ["contractsfinder.service.gov.uk"];
