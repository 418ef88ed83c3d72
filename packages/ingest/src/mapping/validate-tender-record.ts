import { TenderRecordV1 } from "@tender/contracts";
import * as v from "valibot";
import { findUnstorableText } from "./find-unstorable-text.js";
import type { MapResult } from "./map-result.js";

/** One line per issue: `field.path: message`, joined with "; ". */
export function describeRecordIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues.map((issue) => `${v.getDotPath(issue) ?? "record"}: ${issue.message}`).join("; ");
}

/**
 * Validates a candidate against `TenderRecordV1` and returns the normalized record, or a
 * failure naming every problem, or else the first text PostgreSQL cannot store (a NUL character
 * or a lone surrogate: such a record must be quarantined, not fail its page). Whatever the
 * candidate, it never throws: an exception while validating becomes the record's failure.
 * `externalId` labels the failure; by default the candidate's own `external_id` when it is a string.
 */
export function validateTenderRecord(candidate: unknown, externalId?: string | null): MapResult {
  const label = () => (externalId !== undefined ? externalId : ownExternalId(candidate));
  try {
    const parsed = v.safeParse(TenderRecordV1, candidate);
    if (!parsed.success)
      return { ok: false, externalId: label(), reason: describeRecordIssues(parsed.issues) };
    const unstorable = findUnstorableText(parsed.output);
    if (unstorable !== null) {
      return { ok: false, externalId: label(), reason: `${unstorable.path}: ${unstorable.problem}` };
    }
    return { ok: true, record: parsed.output };
  } catch (error) {
    return { ok: false, externalId: label(), reason: `validation failed: ${describeException(error)}` };
  }
}

/** Name and message of a thrown value, e.g. `RangeError: Maximum call stack size exceeded`. */
export function describeException(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function ownExternalId(candidate: unknown): string | null {
  if (typeof candidate !== "object" || candidate === null) return null;
  const id = (candidate as { external_id?: unknown }).external_id;
  return typeof id === "string" && id.trim() !== "" ? id.trim() : null;
}
