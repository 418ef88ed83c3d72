import * as v from "valibot";
import { countCodePoints } from "./code-points.js";

export const QUERY_MIN_LENGTH = 3;
export const QUERY_MAX_LENGTH = 1000;

/**
 * Wire pattern of a query as the client sends it: after trimming, 3..1000 code points
 * (ajv compiles patterns with the `u` flag, so `[\s\S]` is one code point).
 */
export const QUERY_PATTERN = `^\\s*\\S[\\s\\S]{${QUERY_MIN_LENGTH - 2},${QUERY_MAX_LENGTH - 2}}\\S\\s*$`;

/** Search/Ask query: trimmed, then 3..1000 Unicode code points. */
export const SearchQuery = v.pipe(
  v.string("Must be a string"),
  v.trim(),
  v.check((text) => {
    const length = countCodePoints(text);
    return length >= QUERY_MIN_LENGTH && length <= QUERY_MAX_LENGTH;
  }, `Must be ${QUERY_MIN_LENGTH} to ${QUERY_MAX_LENGTH} characters long after trimming`),
  v.metadata({
    pattern: QUERY_PATTERN,
    description: `Trimmed, then ${QUERY_MIN_LENGTH}..${QUERY_MAX_LENGTH} Unicode code points.`,
  }),
);
export type SearchQuery = v.InferOutput<typeof SearchQuery>;

/** Optional result limit: an integer in `1..max`, `defaultValue` when omitted. */
export function resultLimit(max: number, defaultValue: number) {
  return v.optional(
    v.pipe(
      v.number("Must be a number"),
      v.integer("Must be an integer"),
      v.minValue(1, "Must be at least 1"),
      v.maxValue(max, `Must be at most ${max}`),
    ),
    defaultValue,
  );
}
