import * as v from "valibot";

const INPUT = /^\d{1,18}(?:\.\d{1,2})?$/;

/** Wire pattern of an amount: no leading zeros, exactly two fraction digits (as numeric(20,2)). */
export const DECIMAL_AMOUNT_PATTERN = "^(?:0|[1-9]\\d{0,17})\\.\\d{2}$";

/**
 * Normalizes a non-negative decimal string (at most 18 integer and 2 fraction digits) to the
 * form PostgreSQL `numeric(20,2)` returns, e.g. `"007.5"` → `"7.50"`; `null` when invalid.
 * Record and database row then hash alike.
 */
export function normalizeDecimalAmount(text: string): string | null {
  if (!INPUT.test(text)) return null;
  const [integer = "", fraction = ""] = text.split(".");
  return `${integer.replace(/^0+(?=\d)/, "")}.${fraction.padEnd(2, "0")}`;
}

/** Decimal amount as a string, never negative; output normalized by `normalizeDecimalAmount`. */
export const DecimalAmount = v.pipe(
  v.string("Must be a decimal string or null"),
  v.check((text) => !text.trimStart().startsWith("-"), "Amount must not be negative"),
  v.check(
    (text) => text.trimStart().startsWith("-") || INPUT.test(text),
    'Must be a decimal string with at most 18 integer digits and 2 fraction digits, e.g. "1250.50"',
  ),
  v.transform((text) => normalizeDecimalAmount(text) as string),
  v.metadata({ pattern: DECIMAL_AMOUNT_PATTERN }),
);
export type DecimalAmount = v.InferOutput<typeof DecimalAmount>;
