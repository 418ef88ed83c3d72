import { type EnvOutput, type EnvSchema, type EnvVarOptions, envVar } from "./env-var.js";

const WORDS: Record<string, boolean> = {
  true: true,
  false: false,
  "1": true,
  "0": false,
  yes: true,
  no: false,
  on: true,
  off: false,
};

/** A boolean: true/false, 1/0, yes/no or on/off, in any case. */
export function envBool<const TOptions extends EnvVarOptions<boolean> = EnvVarOptions<boolean>>(
  options?: TOptions,
): EnvSchema<EnvOutput<boolean, TOptions>> {
  return envVar(
    "expected true or false (or 1/0, yes/no, on/off)",
    (raw) => WORDS[raw.toLowerCase()],
    options,
  ) as EnvSchema<EnvOutput<boolean, TOptions>>;
}
