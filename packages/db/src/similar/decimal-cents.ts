/** A non-negative decimal string (`"1250.5"`, `"7.50"`) as whole cents, exactly. */
export function toCents(text: string): bigint {
  const [integer = "0", fraction = ""] = text.split(".");
  return BigInt(integer) * 100n + BigInt(fraction.padEnd(2, "0").slice(0, 2));
}

/** Whole cents as a decimal string with two fraction digits. */
export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? "-" : "";
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}

/**
 * The `k`-th quartile (0..4) of sorted cents, by linear interpolation between closest ranks
 * (position (n − 1)·k/4, as R's type 7 and numpy's default), rounded half up to whole cents;
 * exact, whatever the size of the values.
 */
export function quartileCents(sorted: readonly bigint[], k: 0 | 1 | 2 | 3 | 4): bigint {
  if (sorted.length === 0) throw new Error("quartile of no values");
  const position = (sorted.length - 1) * k; // in quarters
  const low = sorted[Math.floor(position / 4)] as bigint;
  const high = sorted[Math.ceil(position / 4)] as bigint;
  const part = BigInt(position % 4);
  // low + (high − low)·part/4, rounded half up: floor((4·low + (high − low)·part + 2) / 4).
  const numerator = 4n * low + (high - low) * part + 2n;
  return numerator >= 0n ? numerator / 4n : -((-numerator + 3n) / 4n);
}
