import * as v from "valibot";

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function isJsonScalar(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  return typeof value === "number" && Number.isFinite(value);
}

/**
 * Walks a JSON value without recursion (a hostile payload may nest a million levels, more than
 * the call stack holds) and returns its depth: a scalar is 0, an object or array is one more than
 * its deepest member. `null` when something in it is not JSON (Date, Map, undefined, NaN...).
 * Stops early, returning `limit + 1`, once the depth passes `limit`.
 */
export function measureJsonDepth(value: unknown, limit = Number.POSITIVE_INFINITY): number | null {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [item, depth] = top;
    if (isJsonScalar(item)) continue;
    const members = Array.isArray(item) ? item : isPlainObject(item) ? Object.values(item) : null;
    if (members === null) return null;
    if (depth + 1 > deepest) deepest = depth + 1;
    if (deepest > limit) return limit + 1;
    for (const member of members) stack.push([member, depth + 1]);
  }
  return deepest;
}

/** True for a plain object whose values are all JSON values (no Date, Map, undefined, NaN...). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  // The limit only ends the walk of a cyclic object (never made by JSON.parse) in bounded time.
  return isPlainObject(value) && measureJsonDepth(value, 10_000_000) !== null;
}

/**
 * A JSON object (not an array), e.g. an original source payload. The value is passed on as
 * it is: `v.record` would copy it and drop keys such as `constructor`.
 */
export const JsonObject = v.pipe(
  v.custom<Record<string, unknown>>(isJsonObject, "Must be a JSON object"),
  v.metadata({ type: "object" }),
);
export type JsonObject = v.InferOutput<typeof JsonObject>;

/**
 * A JSON object at most `maxDepth` levels deep and at most `maxBytes` UTF-8 bytes as JSON text.
 * The depth is checked first, so the text is only built for a value `JSON.stringify` can handle.
 */
export function boundedJsonObject(maxDepth: number, maxBytes: number) {
  const tooDeep = (value: Record<string, unknown>) => (measureJsonDepth(value, maxDepth) ?? 0) > maxDepth;
  return v.pipe(
    v.custom<Record<string, unknown>>(isJsonObject, "Must be a JSON object"),
    v.check((value) => !tooDeep(value), `Must be at most ${maxDepth} levels deep`),
    v.check(
      (value) => tooDeep(value) || Buffer.byteLength(JSON.stringify(value), "utf8") <= maxBytes,
      `Must be at most ${maxBytes} bytes as JSON text`,
    ),
    v.metadata({
      type: "object",
      description: `At most ${maxDepth} levels deep and ${maxBytes} bytes as JSON text (UTF-8).`,
    }),
  );
}
