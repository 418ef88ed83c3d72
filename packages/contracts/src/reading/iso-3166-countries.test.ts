import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  ISO_3166_OUTPUT,
  ISO_CODES_INPUT,
  renderIso3166Countries,
} from "../../scripts/generate-iso-3166-countries.ts";
import { ISO_3166_COUNTRIES } from "./iso-3166-countries.js";

describe("the ISO 3166-1 table", () => {
  it("is what its generator writes from the iso-codes data in the repository", () => {
    expect(readFileSync(ISO_3166_OUTPUT, "utf8")).toBe(
      renderIso3166Countries(readFileSync(ISO_CODES_INPUT, "utf8")),
    );
  });

  it("holds every country once, with codes of the right shape", () => {
    expect(ISO_3166_COUNTRIES.length).toBe(249);
    expect(new Set(ISO_3166_COUNTRIES.map(([alpha2]) => alpha2)).size).toBe(249);
    for (const [alpha2, alpha3, name] of ISO_3166_COUNTRIES) {
      expect(alpha2).toMatch(/^[A-Z]{2}$/);
      expect(alpha3).toMatch(/^[A-Z]{3}$/);
      expect(name).not.toBe("");
    }
  });
});
