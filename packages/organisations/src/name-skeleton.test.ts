import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nameSkeleton } from "./name-skeleton.js";

// Latin capitals and the Cyrillic and Greek letters that display exactly like them.
const LOOK_ALIKES: Record<string, string[]> = {
  A: ["\u0410", "\u0391"],
  B: ["\u0412", "\u0392"],
  C: ["\u0421"],
  E: ["\u0415", "\u0395"],
  H: ["\u041D", "\u0397"],
  K: ["\u041A", "\u039A"],
  M: ["\u041C", "\u039C"],
  O: ["\u041E", "\u039F"],
  P: ["\u0420", "\u03A1"],
  T: ["\u0422", "\u03A4"],
  X: ["\u0425", "\u03A7"],
  a: ["\u0430"],
  c: ["\u0441"],
  e: ["\u0435"],
  o: ["\u043E", "\u03BF"],
  p: ["\u0440"],
  x: ["\u0445"],
};

describe("nameSkeleton (UTS #39)", () => {
  it("gives Оxford Вrookes in Cyrillic letters the skeleton of the Latin name", () => {
    expect(nameSkeleton("\u041Exford \u0412rookes Enterprises Limited")).toBe(
      nameSkeleton("Oxford Brookes Enterprises Limited"),
    );
    expect(nameSkeleton("Oxford Brookes")).not.toBe(nameSkeleton("Oxford Brooks"));
  });

  it("gives any name with letters swapped for look-alikes, or invisible characters added, the same skeleton", () => {
    const latin = fc.string({
      unit: fc.constantFrom(..."ABCEHKMOPTXaceopx rl-.".split("")),
      minLength: 1,
      maxLength: 40,
    });
    fc.assert(
      fc.property(latin, fc.array(fc.nat()), fc.array(fc.boolean()), (name, picks, invisible) => {
        const spoofed = [...name]
          .map((c, i) => {
            const options = LOOK_ALIKES[c];
            const swapped =
              options && (picks[i] ?? 0) % 2 === 1 ? options[(picks[i] ?? 0) % options.length] : c;
            return invisible[i] ? `${swapped}\u200B` : swapped;
          })
          .join("");
        expect(nameSkeleton(spoofed)).toBe(nameSkeleton(name));
      }),
      { numRuns: 300 },
    );
  });

  it("is idempotent and never throws, whatever the text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (name) => {
        const skeleton = nameSkeleton(name);
        expect(nameSkeleton(skeleton)).toBe(skeleton);
      }),
      { numRuns: 300 },
    );
  });
});
