import { toValidationIssues, type ValidationIssue } from "@tender/contracts";
import * as v from "valibot";
import { ApiError } from "../errors/api-error.js";

const invalid = (details: ValidationIssue[]) =>
  new ApiError("validation_error", "The query parameters are not valid; see details.", { details });

/**
 * A query string whose parameters are each given at most once, checked by a strict contract
 * (an unknown parameter is a problem named after it); `limit` is read as the number it spells.
 * More than `maxParameters` parameters, or one given twice, is a `validation_error` as well.
 * Parameters in `skip` are left to other middleware (`lang`).
 */
export function parseSingleValuedQuery<S extends v.GenericSchema>(
  search: URLSearchParams,
  schema: S,
  options: { maxParameters: number; skip?: readonly string[] },
): v.InferOutput<S> {
  const entries = [...search.entries()];
  if (entries.length > options.maxParameters) {
    throw invalid([{ path: "/", message: `At most ${options.maxParameters} query parameters are accepted` }]);
  }
  const raw: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    if (options.skip?.includes(name)) continue;
    if (Object.hasOwn(raw, name)) throw invalid([{ path: `/${name}`, message: "Must be given once" }]);
    raw[name] = name === "limit" && /^\d{1,4}$/.test(value) ? Number(value) : value;
  }
  const parsed = v.safeParse(schema, raw);
  if (!parsed.success) throw invalid(toValidationIssues(parsed.issues));
  return parsed.output;
}
