/**
 * Hosts Find a Tender documents are downloaded from by default; the downloader allows these, and
 * their subdomains, for tenders of this source. Buyers' own e-tendering portals are the
 * operator's choice (`DOWNLOAD_ALLOWED_HOSTS`).
 */
export const FTS_DOCUMENT_HOSTS: readonly string[] = ["find-tender.service.gov.uk"];
