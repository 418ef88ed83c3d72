import { ApiError } from "../errors/api-error.js";

/** A `validation_error` about the query string, `details` one entry per problem. */
export function invalidQuery(details: readonly { path: string; message: string }[]): ApiError {
  return new ApiError("validation_error", "The query parameters are not valid; see details.", { details });
}

/**
 * The query parameters of a route whose parameters are each given at most once, by name, for a
 * valibot `strictObject` to check: at most `max` of them, `limit` read as a number, those in
 * `skip` left to other middleware (`lang`). The record has no prototype, so `__proto__`,
 * `constructor` or `toString` are own keys like any other name and the strict object refuses them
 * as unknown (on a plain object, `__proto__=1` vanished and the query passed).
 */
export function singleParameters(
  search: URLSearchParams,
  max: number,
  skip: readonly string[] = [],
): Record<string, unknown> {
  const entries = [...search.entries()];
  if (entries.length > max) {
    throw invalidQuery([{ path: "/", message: `At most ${max} query parameters are accepted` }]);
  }
  const raw: Record<string, unknown> = Object.create(null);
  for (const [name, value] of entries) {
    if (skip.includes(name)) continue;
    if (Object.hasOwn(raw, name)) throw invalidQuery([{ path: `/${name}`, message: "Must be given once" }]);
    raw[name] = name === "limit" && /^\d{1,4}$/.test(value) ? Number(value) : value;
  }
  return raw;
}
