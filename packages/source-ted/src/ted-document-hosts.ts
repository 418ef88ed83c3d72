/**
 * Hosts TED notices' attachments are downloaded from (`links.pdf` points to the notice PDF on
 * ted.europa.eu); the downloader allows these, and their subdomains, for tenders of this source.
 */
export const TED_DOCUMENT_HOSTS: readonly string[] = ["ted.europa.eu"];
