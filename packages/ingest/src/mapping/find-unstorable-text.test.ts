import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findUnstorableText } from "./find-unstorable-text.js";

const nul = "contains a NUL character (U+0000), which the database cannot store";
const surrogate = "contains a lone UTF-16 surrogate (half of a character), which the database cannot store";

describe("findUnstorableText", () => {
  it("names the path of the first string or key holding U+0000 or a lone surrogate", () => {
    expect(findUnstorableText({ title: "a\u0000b" })).toEqual({ path: "title", problem: nul });
    expect(findUnstorableText({ raw: { docs: [{ url: "x" }, { url: "y\u0000" }] } })?.path).toBe(
      "raw.docs.1.url",
    );
    expect(findUnstorableText({ raw: { "k\u0000": 1 } })?.path).toBe("raw.k\u0000");
    expect(findUnstorableText("\u0000")?.path).toBe("(value)");
    expect(findUnstorableText({ a: "ok", b: ["\ud800x"] })).toEqual({ path: "b.0", problem: surrogate });
    expect(findUnstorableText({ a: "x\udc00" })?.problem).toBe(surrogate);
    expect(findUnstorableText({ first: "\u0000", second: "\u0000" })?.path).toBe("first");
  });

  it("finds nothing in clean values, escaped text and surrogate pairs included", () => {
    expect(findUnstorableText({ a: ["x", 1, null, true, { b: "\\u0000 as text", c: "😀" }] })).toBeNull();
    expect(findUnstorableText(null)).toBeNull();
  });

  it("finds a hostile string however deep it is nested, without recursion", () => {
    const deep = JSON.parse(`${"[".repeat(200_000)}"\\u0000"${"]".repeat(200_000)}`);
    expect(findUnstorableText(deep)?.problem).toBe(nul);
  });

  it("agrees with the definition: a string is storable exactly when it is well formed and NUL-free", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const storable = text.isWellFormed() && !text.includes("\u0000");
        expect(findUnstorableText({ text }) === null).toBe(storable);
      }),
    );
  });
});
