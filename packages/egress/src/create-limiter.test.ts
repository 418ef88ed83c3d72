import { describe, expect, it } from "vitest";
import { createLimiter } from "./create-limiter.js";

/** A promise with its resolver, to hold a task until the test lets it go. */
function gate() {
  return Promise.withResolvers<void>();
}

describe("createLimiter", () => {
  it("never runs more than the limit and starts waiting tasks in order", async () => {
    const limiter = createLimiter(2);
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const done = gates.map((g, i) =>
      limiter.run(async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await g.promise;
        running -= 1;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limiter.active).toBe(2);
    gates[1]?.resolve();
    await done[1];
    // A newcomer arriving now must queue behind task 2, which took the freed slot.
    const late = limiter.run(async () => "late");
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.resolve();
    expect(await Promise.all([...done, late])).toEqual([0, 1, 2, 3, "late"]);
    expect(most).toBe(2);
    expect(limiter.active).toBe(0);
  });

  it("frees the slot when a task fails", async () => {
    const limiter = createLimiter(1);
    await expect(limiter.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await limiter.run(async () => 7)).toBe(7);
  });

  it("refuses a limit below one", () => {
    expect(() => createLimiter(0)).toThrow(RangeError);
  });
});
