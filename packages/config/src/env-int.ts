import { type EnvOutput, type EnvSchema, type EnvVarOptions, envVar, rangeText } from "./env-var.js";

export interface EnvIntOptions extends EnvVarOptions<number> {
  min?: number;
  max?: number;
}

const INTEGER = /^[+-]?\d+$/;

/** A whole number in decimal notation, optionally bounded (inclusive). */
export function envInt<const TOptions extends EnvIntOptions = EnvIntOptions>(
  options?: TOptions,
): EnvSchema<EnvOutput<number, TOptions>> {
  const { min, max } = options ?? {};
  const expected = `expected a whole number${rangeText(min, max, false)}`;
  const parse = (raw: string): number | undefined => {
    if (!INTEGER.test(raw)) return undefined;
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || (min !== undefined && n < min) || (max !== undefined && n > max)) {
      return undefined;
    }
    return n;
  };
  return envVar(expected, parse, options) as EnvSchema<EnvOutput<number, TOptions>>;
}
