import type { MapResult } from "./map-result.js";
import { validateTenderRecord } from "./validate-tender-record.js";

/**
 * A mapper's result: a failure listing every problem it found in the payload (joined with
 * "; "), or, when there is none, the record `build` makes, validated against `TenderRecordV1`.
 * `build` only runs without problems, so it may rely on the fields being present.
 */
export function mappedRecord(
  externalId: string | null,
  problems: readonly string[],
  build: () => unknown,
): MapResult {
  if (problems.length > 0) return { ok: false, externalId, reason: problems.join("; ") };
  return validateTenderRecord(build(), externalId);
}
