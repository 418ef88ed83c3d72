import type { JsonObject } from "./demo-data.js";
import { toReplayUrl } from "./site-urls.js";

/** The link kinds of a TED notice that name downloadable documents (the rest are web pages). */
const DOCUMENT_LINK_KINDS = new Set(["pdf", "pdfs"]);

/**
 * A recorded TED search page as the replay server sends it: `iterationNextToken` set to
 * `nextToken`, and every notice's PDF links pointing to the replay server. `links.html` (the
 * notice's public page, which becomes `source_url`) is left as recorded.
 */
export function serveTedPage(page: JsonObject, nextToken: string | null, replayBaseUrl: string): JsonObject {
  const copy = structuredClone(page);
  copy.iterationNextToken = nextToken;
  const notices = Array.isArray(copy.notices) ? copy.notices : [];
  for (const notice of notices) {
    const links = (notice as { links?: unknown }).links;
    if (typeof links !== "object" || links === null) continue;
    for (const [kind, byLanguage] of Object.entries(links)) {
      if (!DOCUMENT_LINK_KINDS.has(kind.toLowerCase())) continue;
      if (typeof byLanguage !== "object" || byLanguage === null) continue;
      const map = byLanguage as Record<string, unknown>;
      for (const [language, url] of Object.entries(map)) {
        if (typeof url === "string") map[language] = toReplayUrl(url, replayBaseUrl);
      }
    }
  }
  return copy;
}

/** An answer with no notices: the upstream "has nothing yet" (used while the replay server is held). */
export function emptyTedPage(): JsonObject {
  return { notices: [], totalNoticeCount: 0, iterationNextToken: null, timedOut: false };
}
