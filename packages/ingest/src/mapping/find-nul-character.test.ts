import { describe, expect, it } from "vitest";
import { findNulCharacter } from "./find-nul-character.js";

describe("findNulCharacter", () => {
  it("names the path of the first string or key holding U+0000", () => {
    expect(findNulCharacter({ title: "a\u0000b" })).toBe("title");
    expect(findNulCharacter({ raw: { docs: [{ url: "x" }, { url: "y\u0000" }] } })).toBe("raw.docs.1.url");
    expect(findNulCharacter({ raw: { "k\u0000": 1 } })).toBe("raw.k\u0000");
    expect(findNulCharacter("\u0000")).toBe("(value)");
  });

  it("finds nothing in clean values, escaped text included", () => {
    expect(findNulCharacter({ a: ["x", 1, null, true, { b: "\\u0000 as text" }] })).toBeNull();
    expect(findNulCharacter(null)).toBeNull();
  });
});
