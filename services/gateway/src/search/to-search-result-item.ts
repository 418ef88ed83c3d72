import type { SearchResultItem } from "@tender/contracts";
import type { ChunkMatch } from "@tender/db";

/** A found chunk as a Search item / Ask source: the snippet is the whole chunk text, the score raw. */
export function toSearchResultItem(match: ChunkMatch): SearchResultItem {
  return {
    tender_id: match.tender_id,
    title: match.title,
    source: match.source,
    source_url: match.source_url,
    snippet: match.content,
    score: match.score,
    attachment:
      match.attachment_id === null
        ? null
        : { id: match.attachment_id, filename: match.attachment_filename ?? "" },
    ...(match.matched ? { matched: match.matched } : {}),
  };
}
