/** Runs at most `limit` tasks at once (outbound calls, downloads); the others wait in arrival order. */
export interface Limiter {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now. */
  readonly active: number;
}

export function createLimiter(limit: number): Limiter {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError("limit must be a whole number of at least 1");
  const waiting: (() => void)[] = [];
  let active = 0;
  return {
    get active() {
      return active;
    },
    async run(task) {
      // A finishing task hands its slot straight to the next waiter, so no newcomer can slip in.
      if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else active += 1;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active -= 1;
      }
    },
  };
}
