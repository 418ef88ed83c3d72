import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chooseEncoding } from "./choose-encoding.js";

const coding = fc.constantFrom("br", "gzip", "GZip", "deflate", "identity", "*", "x-gzip", "zstd", "");
const weight = fc.oneof(
  fc.constant(""),
  fc.constantFrom(";q=0", ";q=1", ";q=0.5", ";q=0.001", "; q = 0.9", ";q=1.000"),
  fc.string({ maxLength: 8 }).map((s) => `;q=${s}`),
  fc.string({ maxLength: 8 }).map((s) => `;${s}`),
);
const header = fc
  .array(fc.tuple(coding, weight, fc.constantFrom(",", ", ", " ,", ",,")), { maxLength: 6 })
  .map((parts) => parts.map(([c, w, sep]) => `${c}${w}${sep}`).join(""));

/** The weight the header gives `name` by RFC 9110 (`*` for names it does not list); 0 when refused. */
function weightOf(value: string, name: string): number {
  let named: number | undefined;
  let star: number | undefined;
  for (const part of value.split(",")) {
    const [raw = "", ...params] = part.split(";");
    let q = 1;
    for (const p of params) {
      const [k = "", v = ""] = p.split("=").map((x) => x.trim());
      if (k.toLowerCase() === "q") q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(v) ? Number(v) : 0;
    }
    const n = raw.trim().toLowerCase();
    if (n === name) named = Math.max(named ?? 0, q);
    if (n === "*") star = Math.max(star ?? 0, q);
  }
  return named ?? star ?? 0;
}

describe("chooseEncoding", () => {
  it("picks a coding the client weighs highest and above 0, br on a tie, and never throws", () => {
    fc.assert(
      fc.property(
        fc.oneof(header, fc.string({ maxLength: 200 }), fc.string({ unit: "binary", maxLength: 50 })),
        (value) => {
          const chosen = chooseEncoding(value);
          const br = weightOf(value, "br");
          const gzip = weightOf(value, "gzip");
          if (br === 0 && gzip === 0) expect(chosen).toBeUndefined();
          else expect(chosen).toBe(br >= gzip ? "br" : "gzip");
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("answers plainly to an absent, empty or oversized header", () => {
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding("")).toBeUndefined();
    expect(chooseEncoding(`${"x, ".repeat(400)}gzip`)).toBeUndefined();
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
  });
});
