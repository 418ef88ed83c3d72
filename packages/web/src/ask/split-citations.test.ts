import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitCitations } from "./split-citations.js";

describe("splitCitations", () => {
  it("links [n] within the sources and leaves other brackets as text", () => {
    expect(splitCitations("Roads [1] and bridges [2]. See [7] and [0].", 2)).toEqual([
      { text: "Roads " },
      { cite: 1 },
      { text: " and bridges " },
      { cite: 2 },
      { text: ". See [7] and [0]." },
    ]);
  });

  it("loses no character of any answer", () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(20), (answer, count) => {
        const rebuilt = splitCitations(answer, count)
          .map((p) => ("cite" in p ? `[${p.cite}]` : p.text))
          .join("");
        expect(rebuilt).toBe(
          answer.replace(/\[0*(\d{1,3})\]/g, (m, n) =>
            Number(n) >= 1 && Number(n) <= count ? `[${Number(n)}]` : m,
          ),
        );
      }),
    );
  });
});
