import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ocdsReleaseTags } from "./ocds-release-tags.js";

describe("ocdsReleaseTags", () => {
  it("reads the tag list, trimmed and once each", () => {
    expect(ocdsReleaseTags({ tag: [" tender", "award", "tender", ""] })).toEqual(["tender", "award"]);
    expect(ocdsReleaseTags({ tag: "planning" })).toEqual(["planning"]);
  });

  it("never throws and returns only non-empty strings, whatever the release", () => {
    fc.assert(
      fc.property(fc.anything(), (release) => {
        const tags = ocdsReleaseTags(release);
        expect(tags.every((t) => typeof t === "string" && t.length > 0 && t === t.trim())).toBe(true);
      }),
    );
  });
});
