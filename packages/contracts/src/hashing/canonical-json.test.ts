import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical-json.js";
import { sha256Hex } from "./sha256-hex.js";

describe("canonicalJson", () => {
  it("sorts keys recursively, keeps array order and has no whitespace", () => {
    expect(canonicalJson({ b: 1, a: [3, { d: null, c: "x y" }, 1], c: { z: true, y: false } })).toBe(
      '{"a":[3,{"c":"x y","d":null},1],"b":1,"c":{"y":false,"z":true}}',
    );
  });

  it("orders keys by UTF-16 code units, not by locale", () => {
    expect(canonicalJson({ b: 0, a: 0, B: 0, é: 0, "10": 0, "9": 0, "": 0 })).toBe(
      '{"":0,"10":0,"9":0,"B":0,"a":0,"b":0,"é":0}',
    );
  });

  it("writes strings and numbers as JSON does, non-ASCII unescaped", () => {
    expect(canonicalJson(["Zürich", 'q"\\\n', 1.5, -0, 1e21, 0.1])).toBe(
      '["Zürich","q\\"\\\\\\n",1.5,0,1e+21,0.1]',
    );
  });

  it("leaves out undefined properties and refuses other non-JSON values", () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
    for (const bad of [
      [undefined],
      Number.NaN,
      Number.POSITIVE_INFINITY,
      new Date(0),
      1n,
      () => 1,
      new Map(),
    ]) {
      expect(() => canonicalJson({ bad })).toThrow(TypeError);
    }
  });

  it("is independent of key insertion order and parses back to an equal value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        const reversed = JSON.parse(JSON.stringify(value), (_key, item) =>
          item && typeof item === "object" && !Array.isArray(item)
            ? Object.fromEntries(Object.entries(item).reverse())
            : item,
        );
        expect(canonicalJson(reversed)).toBe(text);
      }),
    );
  });
});

describe("sha256Hex", () => {
  it("hashes strings as UTF-8 and bytes as they are", () => {
    const expected = createHash("sha256").update(Buffer.from("Zürich €", "utf8")).digest("hex");
    expect(sha256Hex("Zürich €")).toBe(expected);
    expect(sha256Hex(new TextEncoder().encode("Zürich €"))).toBe(expected);
    expect(sha256Hex("")).toMatch(/^[0-9a-f]{64}$/);
  });
});
