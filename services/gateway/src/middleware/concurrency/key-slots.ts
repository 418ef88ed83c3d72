/** Places held at once per key, in this process. */
export interface KeySlots {
  /** A place for `key`, and how to give it back (once; later calls do nothing); none when all are taken. */
  take(key: string): (() => void) | undefined;
  /** Places `key` holds now. */
  held(key: string): number;
}

/** At most `limit` places per key; a key holding none takes no memory. */
export function createKeySlots(limit: number): KeySlots {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError("limit must be a whole number of at least 1");
  const held = new Map<string, number>();
  return {
    take(key) {
      const now = held.get(key) ?? 0;
      if (now >= limit) return undefined;
      held.set(key, now + 1);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        const left = (held.get(key) ?? 1) - 1;
        if (left === 0) held.delete(key);
        else held.set(key, left);
      };
    },
    held: (key) => held.get(key) ?? 0,
  };
}
