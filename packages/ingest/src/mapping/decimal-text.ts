const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/**
 * A source amount (JSON number or numeric string such as `"1200000.00"`) as a plain decimal
 * string with at most two fraction digits, rounded half away from zero, e.g. `600000` → `"600000"`,
 * `"12.345"` → `"12.35"`. `null` for anything else (empty, `"n/a"`, NaN, exponents).
 */
export function toDecimalText(value: unknown): string | null {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    // Integers print exactly through BigInt; fractions never have more digits than toFixed keeps.
    return Number.isInteger(value) ? BigInt(value).toString() : fromCents(toCents(value.toFixed(3)));
  }
  if (typeof value !== "string" || !DECIMAL.test(value.trim())) return null;
  return fromCents(toCents(value.trim()));
}

/** Exact sum of decimal strings produced by `toDecimalText`. */
export function sumDecimalTexts(values: readonly string[]): string {
  return fromCents(values.reduce((sum, value) => sum + toCents(value), 0n));
}

function toCents(text: string): bigint {
  const [, sign = "", integer = "0", fraction = ""] = DECIMAL.exec(text) ?? [];
  const padded = fraction.padEnd(3, "0");
  let cents = BigInt(integer) * 100n + BigInt(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1n;
  return sign === "-" ? -cents : cents;
}

function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const integer = abs / 100n;
  const fraction = abs % 100n;
  const text = fraction === 0n ? `${integer}` : `${integer}.${fraction.toString().padStart(2, "0")}`;
  return negative ? `-${text}` : text;
}
