import { TenderRecordV1 } from "@tender/contracts";
import * as v from "valibot";
import { findNulCharacter } from "./find-nul-character.js";
import type { MapResult } from "./map-result.js";

/** One line per issue: `field.path: message`, joined with "; ". */
export function describeRecordIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues.map((issue) => `${v.getDotPath(issue) ?? "record"}: ${issue.message}`).join("; ");
}

/**
 * Validates a candidate against `TenderRecordV1` and returns the normalized record, or a
 * failure naming every problem, or else the first NUL character (U+0000, which PostgreSQL cannot
 * store: such a record must be quarantined, not fail its page). `externalId` labels the failure;
 * by default the candidate's own `external_id` when it is a string.
 */
export function validateTenderRecord(candidate: unknown, externalId?: string | null): MapResult {
  const parsed = v.safeParse(TenderRecordV1, candidate);
  const label = () => (externalId !== undefined ? externalId : ownExternalId(candidate));
  if (!parsed.success) return { ok: false, externalId: label(), reason: describeRecordIssues(parsed.issues) };
  const nul = findNulCharacter(parsed.output);
  if (nul !== null) {
    const reason = `${nul}: contains a NUL character (U+0000), which the database cannot store`;
    return { ok: false, externalId: label(), reason };
  }
  return { ok: true, record: parsed.output };
}

function ownExternalId(candidate: unknown): string | null {
  if (typeof candidate !== "object" || candidate === null) return null;
  const id = (candidate as { external_id?: unknown }).external_id;
  return typeof id === "string" && id.trim() !== "" ? id.trim() : null;
}
