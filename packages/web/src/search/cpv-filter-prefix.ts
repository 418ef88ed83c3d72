/**
 * The filter prefix of a CPV code: its significant digits (`45230000` → `4523`), at least the
 * division's two, so the filter matches the code and every narrower one.
 */
export function cpvFilterPrefix(code: string): string {
  const trimmed = code.replace(/0+$/, "");
  return trimmed.length >= 2 ? trimmed : code.slice(0, 2);
}
