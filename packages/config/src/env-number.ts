import { type EnvOutput, type EnvSchema, type EnvVarOptions, envVar, rangeText } from "./env-var.js";

export interface EnvNumberOptions extends EnvVarOptions<number> {
  min?: number;
  max?: number;
}

// Plain decimal notation only: Number() would also accept "0x10", "Infinity" and "1_000".
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A finite decimal number, optionally bounded (inclusive). */
export function envNumber<const TOptions extends EnvNumberOptions = EnvNumberOptions>(
  options?: TOptions,
): EnvSchema<EnvOutput<number, TOptions>> {
  const { min, max } = options ?? {};
  const expected = `expected a number${rangeText(min, max, true)}`;
  const parse = (raw: string): number | undefined => {
    if (!DECIMAL.test(raw)) return undefined;
    const n = Number(raw);
    if (!Number.isFinite(n) || (min !== undefined && n < min) || (max !== undefined && n > max))
      return undefined;
    return n;
  };
  return envVar(expected, parse, options) as EnvSchema<EnvOutput<number, TOptions>>;
}
