/** `T` with every property, at every depth, read-only. */
export type Frozen<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends object
    ? { readonly [K in keyof T]: Frozen<T[K]> }
    : T;

/** Freezes `value` and every object and array reachable from it; returns the same reference. */
export function deepFreeze<T>(value: T): Frozen<T> {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value as Frozen<T>;
}
