const CPV = /^(\d{8})(?:-\d)?(?:\.0+)?$/;

/**
 * A CPV code as its 8 digits without the check digit: `"45233162-2"` → `"45233162"`; a number
 * or a float-looking string (`"45233130.0"`) is read too. Null when it is no CPV code.
 */
export function cpvCode(value: unknown): string | null {
  if (typeof value === "number") {
    return Number.isSafeInteger(value) && value >= 0 ? cpvCode(String(value).padStart(8, "0")) : null;
  }
  if (typeof value !== "string") return null;
  return CPV.exec(value.trim())?.[1] ?? null;
}
