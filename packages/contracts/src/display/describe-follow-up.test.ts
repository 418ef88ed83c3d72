import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeNoticeChanges, followUpTitle } from "./describe-follow-up.js";

describe("describeNoticeChanges", () => {
  it("writes the TED pair's moved deadline by day, and amounts, titles and documents", () => {
    expect(
      describeNoticeChanges([
        { field: "deadline", from: "2026-10-29T10:00:00.000Z", to: "2026-11-04T10:00:00.000Z" },
        { field: "amount", from: "5300000.00 CZK", to: "6000000.00 CZK" },
        { field: "title", from: "Roads", to: "Roads and bridges" },
        { field: "documents_added", from: null, to: ["Annex 2.pdf", "Map.pdf"] },
        { field: "documents_removed", from: ["Annex 1.pdf"], to: null },
      ]),
    ).toBe(
      "deadline 29 Oct 2026 → 4 Nov 2026; amount 5,300,000.00 CZK → 6,000,000.00 CZK; title “Roads” → “Roads and bridges”; documents added: Annex 2.pdf, Map.pdf; documents removed: Annex 1.pdf",
    );
  });

  it("shows the UTC time when only the time of day moved, and none for a missing value", () => {
    expect(
      describeNoticeChanges([
        { field: "deadline", from: "2026-10-29T10:00:00.000Z", to: "2026-10-29T12:30:00.000Z" },
        { field: "deadline", from: null, to: "2026-11-04T10:00:00.000Z" },
        { field: "amount", from: null, to: "12.50 EUR" },
      ]),
    ).toBe(
      "deadline 29 Oct 2026 10:00 UTC → 29 Oct 2026 12:30 UTC; deadline none → 4 Nov 2026; amount none → 12.50 EUR",
    );
  });

  it("is empty without changes, and never throws on any value", () => {
    expect(describeNoticeChanges(null)).toBe("");
    expect(describeNoticeChanges([])).toBe("");
    const value = fc.oneof(fc.constant(null), fc.string(), fc.array(fc.string(), { maxLength: 3 }));
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            field: fc.constantFrom("deadline", "amount", "title", "documents_added", "x"),
            from: value,
            to: value,
          }),
        ),
        (changes) => {
          expect(typeof describeNoticeChanges(changes)).toBe("string");
        },
      ),
    );
  });
});

describe("followUpTitle", () => {
  it("marks follow-ups and leaves matches as they are", () => {
    expect(followUpTitle("changed", "Roads")).toBe("Changed: Roads");
    expect(followUpTitle("awarded", "Roads")).toBe("Awarded: Roads");
    expect(followUpTitle("cancelled", "Roads")).toBe("Cancelled: Roads");
    expect(followUpTitle("match", "Roads")).toBe("Roads");
  });
});
