import type { MapResult } from "../mapping/map-result.js";
import type { MappedItem } from "./commit-page.js";
import type { SourcePage } from "./source-adapter.js";

/**
 * Maps every item of a page. A mapper that throws, or returns a record of another source,
 * yields a failure for that item only, so one odd item never blocks its page.
 */
export function mapPageItems(page: SourcePage, sourceCode: string): MappedItem[] {
  return page.items.map((raw) => ({ raw, result: mapOne(page, raw, sourceCode) }));
}

function mapOne(page: SourcePage, raw: unknown, sourceCode: string): MapResult {
  let result: MapResult;
  try {
    result = page.map(raw);
  } catch (error) {
    return { ok: false, externalId: null, reason: `mapping failed: ${(error as Error).message}` };
  }
  if (result.ok && result.record.source !== sourceCode) {
    return {
      ok: false,
      externalId: result.record.external_id,
      reason: `source: record says "${result.record.source}", expected "${sourceCode}"`,
    };
  }
  return result;
}
