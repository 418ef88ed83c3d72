// Readers of a release's loose JSON: a part of the wrong type reads as absent, never throws.

/** A JSON object as read from a release. */
export type Json = Record<string, unknown>;

/** `value` if it is a JSON object, else an empty one. */
export function object(value: unknown): Json {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

/** `value` if it is an array (its first `max` items when given), else an empty one. */
export function list(value: unknown, max?: number): unknown[] {
  if (!Array.isArray(value)) return [];
  return max === undefined ? value : value.slice(0, max);
}

/** `value` if it is a string, else null. */
export function text(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}
