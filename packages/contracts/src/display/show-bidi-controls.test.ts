import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { showBidiControls } from "./show-bidi-controls.js";

const CONTROLS = [
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
].map((c) => String.fromCodePoint(c));
const marker = (c: string) =>
  `⟨U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, "0")}⟩`;
// Text with controls mixed into letters of both directions, neighbours of the controls and emoji.
const piece = fc.oneof(
  fc.constantFrom(...CONTROLS),
  fc.constantFrom("a", "ש", "ب", "\u200D", "\u2065", "\u206A", "\u202F", "😀", "⟨", "U+202E"),
  fc.string({ unit: "grapheme", maxLength: 3 }),
);
const text = fc.array(piece, { maxLength: 20 }).map((p) => p.join(""));

describe("showBidiControls", () => {
  it("leaves no bidirectional control in any text", () => {
    fc.assert(fc.property(text, (t) => CONTROLS.every((c) => !showBidiControls(t).includes(c))));
  });

  it("replaces each control with its own marker and changes nothing else", () => {
    fc.assert(
      fc.property(text, (t) => {
        const expected = [...t].map((ch) => (CONTROLS.includes(ch) ? marker(ch) : ch)).join("");
        expect(showBidiControls(t)).toBe(expected);
      }),
    );
  });

  it("shows a right-to-left override that turns exe.pdf around", () => {
    expect(showBidiControls("invoice\u202Efdp.exe")).toBe("invoice⟨U+202E⟩fdp.exe");
    expect(showBidiControls("\u2067gnp\u2069.exe")).toBe("⟨U+2067⟩gnp⟨U+2069⟩.exe");
  });
});
