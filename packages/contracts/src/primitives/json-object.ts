import * as v from "valibot";

function isJsonValue(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonValue);
  return isJsonObject(value);
}

/** True for a plain object whose values are all JSON values (no Date, Map, undefined, NaN...). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.values(value).every(isJsonValue);
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
