import { type EnvOutput, type EnvSchema, type EnvVarOptions, envVar } from "./env-var.js";

/** Any non-blank string (trimmed). */
export function envString<const TOptions extends EnvVarOptions<string> = EnvVarOptions<string>>(
  options?: TOptions,
): EnvSchema<EnvOutput<string, TOptions>> {
  return envVar("expected a non-empty string", (raw) => raw, options) as EnvSchema<
    EnvOutput<string, TOptions>
  >;
}
