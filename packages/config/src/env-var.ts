import * as v from "valibot";

/** Options every env var builder accepts. */
export interface EnvVarOptions<T> {
  /** Value used when the variable is unset or blank. */
  default?: T;
  /** When true, an unset or blank variable yields `undefined` instead of an error. */
  optional?: boolean;
}

/** A schema for one environment variable: a string (or nothing) in, a checked value out. */
export type EnvSchema<T> = v.GenericSchema<string | undefined, T>;

/** The output of a builder: `T`, or `T | undefined` when the options say `optional: true`. */
export type EnvOutput<T, TOptions> = TOptions extends { optional: true } ? T | undefined : T;

/**
 * The frame shared by every builder. Unset and blank mean "not set", so `FOO=` in an .env file
 * is not a value. Anything else is trimmed and handed to `parse`; `undefined` from `parse`
 * becomes an issue whose message is `expected` (one sentence describing every rule, so the
 * user learns all of them at once).
 */
export function envVar<T>(
  expected: string,
  parse: (raw: string) => T | undefined,
  options: EnvVarOptions<T> = {},
): EnvSchema<T> {
  return v.pipe(
    // A defined default makes v.object run this schema for a missing key too, so "not set"
    // reaches the check below instead of valibot's generic missing-key issue.
    v.optional(v.string(expected), ""),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const raw = dataset.value.trim();
      if (raw === "") {
        if (options.default !== undefined) return options.default;
        if (options.optional) return undefined as T;
        addIssue({ message: expected });
        return NEVER;
      }
      const value = parse(raw);
      if (value === undefined) {
        addIssue({ message: expected });
        return NEVER;
      }
      return value;
    }),
  );
}

/** " from 1 to 10", " of at least 1", " of at most 10" or "" (the tail of a number rule). */
export function rangeText(min: number | undefined, max: number | undefined, between: boolean): string {
  if (min !== undefined && max !== undefined)
    return between ? ` between ${min} and ${max}` : ` from ${min} to ${max}`;
  if (min !== undefined) return ` of at least ${min}`;
  if (max !== undefined) return ` of at most ${max}`;
  return "";
}
