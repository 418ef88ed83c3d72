import { describe, expect, it } from "vitest";
import { createKeyedQueue } from "./create-keyed-queue.js";

/** A promise with its resolver, to hold a task until the test lets it go. */
function gate() {
  return Promise.withResolvers<void>();
}

describe("createKeyedQueue", () => {
  it("runs tasks of one key in turn and other keys alongside", async () => {
    const queue = createKeyedQueue();
    const first = gate();
    const order: string[] = [];
    const a1 = queue.run("a", async () => {
      order.push("a1 start");
      await first.promise;
      order.push("a1 end");
    });
    const a2 = queue.run("a", async () => void order.push("a2"));
    const b1 = queue.run("b", async () => void order.push("b1"));
    await b1;
    expect(order).toEqual(["a1 start", "b1"]);
    first.resolve();
    await Promise.all([a1, a2]);
    expect(order).toEqual(["a1 start", "b1", "a1 end", "a2"]);
  });

  it("goes on with the next task after a failure", async () => {
    const queue = createKeyedQueue();
    const failed = queue.run("a", async () => Promise.reject(new Error("boom")));
    const next = queue.run("a", async () => "next");
    await expect(failed).rejects.toThrow("boom");
    expect(await next).toBe("next");
  });
});
