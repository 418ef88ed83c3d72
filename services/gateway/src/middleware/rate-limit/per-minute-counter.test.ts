import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createPerMinuteCounter } from "./per-minute-counter.js";

const MINUTE = 60_000;

describe("createPerMinuteCounter", () => {
  it("allows limit requests per name and minute, counts no refusal, restarts each minute", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.tuple(fc.constantFrom("a", "b", "c"), fc.integer({ min: 0, max: 3 * MINUTE })), {
          maxLength: 60,
        }),
        (limit, requests) => {
          let time = 0;
          const counter = createPerMinuteCounter(limit, () => time);
          const seen = new Map<string, number>();
          for (const [name, at] of requests.sort((x, y) => x[1] - y[1])) {
            time = 1_780_000_000_000 + at;
            const slot = `${name}@${Math.floor(time / MINUTE)}`;
            const before = seen.get(slot) ?? 0;
            const decision = counter.take(name);
            expect(decision.allowed).toBe(before < limit);
            expect(decision.windowStart).toBe(Math.floor(time / MINUTE) * 60);
            if (decision.allowed) seen.set(slot, before + 1);
          }
        },
      ),
    );
  });
});
