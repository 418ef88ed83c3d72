import type { JsonObject } from "./demo-data.js";
import { toReplayUrl } from "./site-urls.js";

interface CfDocument {
  documentType?: unknown;
  format?: unknown;
  url?: unknown;
}

/** The notice's own web page (it becomes `source_url`), as opposed to an attached document. */
function isNoticePage(document: CfDocument): boolean {
  const format = typeof document.format === "string" ? document.format.toLowerCase() : "";
  return document.documentType === "tenderNotice" && (format === "" || format.startsWith("text/html"));
}

/**
 * A recorded Contracts Finder package as the replay server sends it: `links.next` set to
 * `nextUrl` (removed when null), and every attached document's URL on the Contracts Finder site
 * pointing to the replay server. Notice pages and other sites' URLs are left as recorded.
 */
export function serveCfPage(page: JsonObject, nextUrl: string | null, replayBaseUrl: string): JsonObject {
  const copy = structuredClone(page);
  delete copy.links;
  if (nextUrl !== null) copy.links = { next: nextUrl };
  const releases = Array.isArray(copy.releases) ? copy.releases : [];
  for (const release of releases) {
    const documents = (release as { tender?: { documents?: unknown } }).tender?.documents;
    if (!Array.isArray(documents)) continue;
    for (const document of documents as CfDocument[]) {
      if (typeof document.url === "string" && !isNoticePage(document)) {
        document.url = toReplayUrl(document.url, replayBaseUrl);
      }
    }
  }
  return copy;
}

/** The first page's package with no releases: the upstream "has nothing yet". */
export function emptyCfPage(first: JsonObject | undefined): JsonObject {
  const copy = structuredClone(first ?? {});
  delete copy.links;
  copy.releases = [];
  return copy;
}
