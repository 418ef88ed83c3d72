function serialize(value: unknown, path: string): string {
  if (value === null || typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: ${path} is not a finite number`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    return `[${value.map((item, index) => serialize(item, `${path}[${index}]`)).join(",")}]`;
  }
  if (typeof value === "object") {
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) {
      throw new TypeError(`canonicalJson: ${path} is not a plain object`);
    }
    const members = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map(
        (key) =>
          `${JSON.stringify(key)}:${serialize((value as Record<string, unknown>)[key], `${path}.${key}`)}`,
      );
    return `{${members.join(",")}}`;
  }
  throw new TypeError(`canonicalJson: ${path} is not a JSON value (${typeof value})`);
}

/**
 * Canonical JSON: object keys sorted recursively (UTF-16 code unit order, as RFC 8785),
 * no insignificant whitespace, arrays in their order. Object properties that are `undefined`
 * are left out, as `JSON.stringify` does; any other non-JSON value (`undefined` in an array,
 * NaN, a Date, a bigint...) throws a TypeError rather than hashing something ambiguous.
 * Hash the result as UTF-8 (`sha256Hex`).
 */
export function canonicalJson(value: unknown): string {
  return serialize(value, "$");
}
