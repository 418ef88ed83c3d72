import { toValidationIssues } from "@tender/contracts";
import * as v from "valibot";
import { invalidQuery, singleParameters } from "./single-parameters.js";

/**
 * A query string whose parameters are each given at most once (`singleParameters`), checked by a
 * strict contract: an unknown parameter, one given twice or more than `maxParameters` of them is
 * a `validation_error` naming it. Parameters in `skip` are left to other middleware (`lang`).
 */
export function parseSingleValuedQuery<S extends v.GenericSchema>(
  search: URLSearchParams,
  schema: S,
  options: { maxParameters: number; skip?: readonly string[] },
): v.InferOutput<S> {
  const parsed = v.safeParse(schema, singleParameters(search, options.maxParameters, options.skip));
  if (!parsed.success) throw invalidQuery(toValidationIssues(parsed.issues));
  return parsed.output;
}
