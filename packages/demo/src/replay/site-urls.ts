/**
 * Public sites whose documents the replay server stands in for. It serves them under the same
 * path as the real site, so whatever is derived from the URL path (TED's `/it/notice/...`
 * language segment in the attachment's file name) comes out as in production.
 */
export const DOCUMENT_SITES = [
  "https://ted.europa.eu/",
  "https://www.contractsfinder.service.gov.uk/",
] as const;

/**
 * `https://ted.europa.eu/it/notice/1-2025/pdf` → `<replay>/it/notice/1-2025/pdf`; a URL of any
 * other site is returned unchanged.
 */
export function toReplayUrl(publicUrl: string, replayBaseUrl: string): string {
  const site = DOCUMENT_SITES.find((origin) => publicUrl.startsWith(origin));
  return site ? `${replayBaseUrl}/${publicUrl.slice(site.length)}` : publicUrl;
}

/** The public URLs a replay-server path may stand for, one per site (`/x` → `https://ted.europa.eu/x`, ...). */
export function toPublicUrls(pathAndQuery: string): string[] {
  const rest = pathAndQuery.replace(/^\//, "");
  return DOCUMENT_SITES.map((origin) => `${origin}${rest}`);
}
