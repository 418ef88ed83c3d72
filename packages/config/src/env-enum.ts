import { type EnvOutput, type EnvSchema, type EnvVarOptions, envVar } from "./env-var.js";

/** One of `values`, matched case-insensitively and returned as spelled in `values`. */
export function envEnum<
  const TValues extends readonly [string, ...string[]],
  const TOptions extends EnvVarOptions<TValues[number]> = EnvVarOptions<TValues[number]>,
>(values: TValues, options?: TOptions): EnvSchema<EnvOutput<TValues[number], TOptions>> {
  const byLowerCase = new Map(values.map((value) => [value.toLowerCase(), value]));
  return envVar(
    `expected one of ${values.join(", ")}`,
    (raw) => byLowerCase.get(raw.toLowerCase()),
    options,
  ) as EnvSchema<EnvOutput<TValues[number], TOptions>>;
}
