import { isJsonObject } from "@tender/contracts";
import * as v from "valibot";
import type { MapResult } from "./map-result.js";

/** How a mapper names its payload in failures. */
export interface SourcePayloadNames {
  /** The payload, e.g. `notice`: `payload: notice is not a JSON object`. */
  payload: string;
  /** The payload's field that holds its external id, e.g. `publication-number`. */
  idKey: string;
}

/**
 * A source payload read with the source's schema, or the failure its mapper returns: `payload:
 * <payload> is not a JSON object`, or the first issue as `payload: <path>: <message>`, labelled
 * with the payload's own id when that is a non-blank string.
 */
export function parseSourcePayload<const S extends v.GenericSchema>(
  schema: S,
  payload: unknown,
  names: SourcePayloadNames,
): { ok: true; value: v.InferOutput<S> } | Extract<MapResult, { ok: false }> {
  if (!isJsonObject(payload))
    return { ok: false, externalId: null, reason: `payload: ${names.payload} is not a JSON object` };
  const parsed = v.safeParse(schema, payload);
  if (parsed.success) return { ok: true, value: parsed.output };
  const issue = parsed.issues[0];
  const path = issue ? (v.getDotPath(issue) ?? names.payload) : names.payload;
  const id = payload[names.idKey];
  return {
    ok: false,
    externalId: typeof id === "string" && id.trim() !== "" ? id.trim() : null,
    reason: `payload: ${path}: ${issue?.message ?? "invalid"}`,
  };
}
