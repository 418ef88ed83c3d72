import type { NoticeKind } from "../primitives/notice-kind.js";
import { NOTICE_KIND_TABLE } from "./notice-kind-table.js";

/**
 * The kind of an OCDS release from its `tag` list (docs/records.md#notice-kinds): the first entry
 * of the table's `ocdsTags` that any tag matches (`award*` matches `awardUpdate`); null when none
 * does (the caller chooses its fallback). Tags are compared as written: OCDS codes are camelCase.
 */
export function ocdsTagsKind(tags: readonly string[]): NoticeKind | null {
  for (const [pattern, kind] of NOTICE_KIND_TABLE.ocdsTags) {
    const prefix = pattern.endsWith("*") ? pattern.slice(0, -1) : null;
    if (tags.some((tag) => (prefix === null ? tag === pattern : tag.startsWith(prefix)))) return kind;
  }
  return null;
}
