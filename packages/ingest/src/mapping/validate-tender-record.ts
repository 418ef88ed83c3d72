import { TenderRecordV1 } from "@tender/contracts";
import * as v from "valibot";
import type { MapResult } from "./map-result.js";

/** One line per issue: `field.path: message`, joined with "; ". */
export function describeRecordIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues.map((issue) => `${v.getDotPath(issue) ?? "record"}: ${issue.message}`).join("; ");
}

/**
 * Validates a candidate against `TenderRecordV1` and returns the normalized record, or a
 * failure naming every problem. `externalId` labels the failure; by default the candidate's own
 * `external_id` when it is a string.
 */
export function validateTenderRecord(candidate: unknown, externalId?: string | null): MapResult {
  const parsed = v.safeParse(TenderRecordV1, candidate);
  if (parsed.success) return { ok: true, record: parsed.output };
  return {
    ok: false,
    externalId: externalId !== undefined ? externalId : ownExternalId(candidate),
    reason: describeRecordIssues(parsed.issues),
  };
}

function ownExternalId(candidate: unknown): string | null {
  if (typeof candidate !== "object" || candidate === null) return null;
  const id = (candidate as { external_id?: unknown }).external_id;
  return typeof id === "string" && id.trim() !== "" ? id.trim() : null;
}
