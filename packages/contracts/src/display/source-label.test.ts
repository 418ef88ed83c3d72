import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SOURCE_CODES, SOURCE_LABELS } from "../primitives/source-codes.js";
import { sourceLabel } from "./source-label.js";

describe("sourceLabel", () => {
  it("names every known source by its label", () => {
    expect(SOURCE_CODES.length).toBeGreaterThan(0);
    for (const code of SOURCE_CODES) {
      expect(sourceLabel(code)).toBe(SOURCE_LABELS[code]);
      expect(sourceLabel(code)).not.toBe(code);
    }
  });

  it("gives any other text back unchanged, inherited property names included", () => {
    for (const code of ["toString", "__proto__", "constructor", "TED", ""])
      expect(sourceLabel(code)).toBe(code);
    fc.assert(
      fc.property(
        fc.string().filter((text) => !Object.hasOwn(SOURCE_LABELS, text)),
        (text) => {
          expect(sourceLabel(text)).toBe(text);
        },
      ),
    );
  });
});
