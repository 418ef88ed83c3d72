import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createKeySlots } from "./key-slots.js";

describe("createKeySlots", () => {
  it("never gives a key more than limit places, counts a double release once, and keys do not share", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.tuple(fc.boolean(), fc.constantFrom("a", "b"), fc.nat(10)), { maxLength: 80 }),
        (limit, steps) => {
          const slots = createKeySlots(limit);
          const releases: Record<string, (() => void)[]> = { a: [], b: [] };
          const model: Record<string, number> = { a: 0, b: 0 };
          for (const [take, key, pick] of steps) {
            const mine = releases[key] as (() => void)[];
            if (take) {
              const release = slots.take(key);
              expect(release === undefined).toBe(model[key] === limit);
              if (release) {
                mine.push(release);
                model[key] = (model[key] ?? 0) + 1;
              }
            } else if (mine.length > 0) {
              const [release] = mine.splice(pick % mine.length, 1);
              release?.();
              release?.();
              model[key] = (model[key] ?? 0) - 1;
            }
            expect(slots.held("a")).toBe(model.a);
            expect(slots.held("b")).toBe(model.b);
          }
        },
      ),
    );
  });
});
