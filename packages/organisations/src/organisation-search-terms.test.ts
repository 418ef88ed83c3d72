import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normaliseOrganisationName } from "./normalise-organisation-name.js";
import { organisationSearchTerms, SEARCH_TERMS_MAX_WORDS } from "./organisation-search-terms.js";

describe("organisationSearchTerms", () => {
  it("reads a name as names are normalised: 'acme ltd' looks for acme", () => {
    expect(organisationSearchTerms("acme ltd")).toEqual({
      prefix: "acme",
      words: ["acme"],
      identifiers: [],
      keys: [],
    });
    expect(organisationSearchTerms("  Müller & Söhne GmbH ").words).toEqual(["muller", "and", "sohne"]);
  });

  it("reads an identifier with or without its scheme, as organisation keys are made", () => {
    expect(organisationSearchTerms("GB-COH-01234567")).toMatchObject({
      identifiers: ["GB-COH-01234567", "01234567"],
      keys: ["GB-COH:01234567"],
    });
    expect(organisationSearchTerms("gb-ppon PXYZ-1234").keys).toEqual(["GB-PPON:PXYZ-1234"]);
    expect(organisationSearchTerms("0123 4567").identifiers).toEqual(["01234567"]);
    expect(organisationSearchTerms("Acme").identifiers).toEqual([]);
  });

  it("is bounded and safe for any text: at most 8 words of letters and digits, short identifiers", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 3000 }), (query) => {
        const terms = organisationSearchTerms(query);
        expect(terms.words.length).toBeLessThanOrEqual(SEARCH_TERMS_MAX_WORDS);
        for (const word of terms.words) expect(word).toMatch(/^[\p{L}\p{N}]+$/u);
        for (const id of terms.identifiers) {
          expect(id.length).toBeLessThanOrEqual(200);
          expect(id).not.toMatch(/[\s:]/u);
          expect(id.isWellFormed()).toBe(true);
        }
        expect(terms.keys.length).toBeLessThanOrEqual(1);
        expect(terms.prefix).toBe(normaliseOrganisationName(query));
      }),
      { numRuns: 500 },
    );
  });
});
