import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NORMALISED_NAME_MAX_LENGTH, normaliseOrganisationName } from "./normalise-organisation-name.js";

const ACCENTED: Record<string, string[]> = {
  a: ["á", "à", "ä", "â", "ã", "å", "ą"],
  e: ["é", "è", "ë", "ê", "ę", "ě"],
  i: ["í", "ì", "ï", "î"],
  o: ["ó", "ò", "ö", "ô", "õ", "ő"],
  u: ["ú", "ù", "ü", "û", "ů", "ű"],
  c: ["ç", "č", "ć"],
  n: ["ñ", "ń", "ň"],
  s: ["š", "ś", "ş"],
  z: ["ž", "ź", "ż"],
};
const SEPARATORS = [" ", "  ", ", ", " - ", "/", "\t", "\n", " (", ") ", " | ", "\u00a0", "\u3000"];
// Spellings of legal forms that must all vanish from the end of a name.
const SUFFIXES = [
  "Ltd",
  "Ltd.",
  "LTD",
  "Limited",
  "PLC",
  "p.l.c.",
  "LLP",
  "GmbH",
  "GMBH",
  "AG",
  "S.p.A.",
  "SpA",
  "S.P.A",
  "S.r.l.",
  "SRL",
  "SA",
  "S.A.",
  "SAS",
  "SARL",
  "BV",
  "B.V.",
  "NV",
  "AB",
  "Oy",
  "A/S",
  "ApS",
  "Sp. z o.o.",
  "s.r.o.",
  "Kft.",
  "Inc.",
  "LLC",
];

// Words of plain letters and digits that are neither a legal form nor "the".
const word = fc
  .string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789"), minLength: 4, maxLength: 10 })
  .filter((text) => normaliseOrganisationName(`x ${text}`) === `x ${text}`);
const words = fc.array(word, { minLength: 1, maxLength: 5 });

/** The same name as a careless person or upstream writes it: case, accents, separators, a legal form. */
const spelling = (base: string[]) =>
  fc
    .record({
      upper: fc.array(fc.boolean(), { minLength: 60, maxLength: 60 }),
      accent: fc.array(fc.nat(), { minLength: 60, maxLength: 60 }),
      separators: fc.array(fc.constantFrom(...SEPARATORS), { minLength: 5, maxLength: 5 }),
      lead: fc.constantFrom("", " ", "The ", "the  ", "THE "),
      suffix: fc.constantFrom("", ...SUFFIXES.map((s) => ` ${s}`), ...SUFFIXES.map((s) => `, ${s}`)),
      trail: fc.constantFrom("", " ", ".", "\n"),
    })
    .map(({ upper, accent, separators, lead, suffix, trail }) => {
      const joined = base.map((w, index) => (index === 0 ? w : `${separators[index - 1]}${w}`)).join("");
      const chars = [...joined].map((char, index) => {
        const options = ACCENTED[char];
        const accented =
          options && (accent[index] ?? 0) % 2 === 0 ? options[(accent[index] ?? 0) % options.length] : char;
        return upper[index] ? (accented ?? char).toUpperCase() : (accented ?? char);
      });
      return `${lead}${chars.join("")}${suffix}${trail}`;
    });

describe("normaliseOrganisationName", () => {
  it.each([
    ["Mint Health Limited", "mint health"],
    ["PwC UK LLP", "pwc uk"],
    ["Gyro Soft SA", "gyro soft"],
    ["The best App Ltd.", "best app"],
    ["European Dynamics S.A.", "european dynamics"],
    ["Société Générale S.A.", "societe generale"],
    ["Müller & Söhne GmbH & Co. KG", "muller and sohne"],
    ["ACME Sp. z o.o.", "acme"],
    ["Fiat Chrysler S.p.A.", "fiat chrysler"],
    ["Ørsted A/S", "orsted"],
    ["ＡＣＭＥ　ＬＴＤ", "acme"],
    ["Straße Bau AG", "strasse bau"],
    ["  London   South Bank\tUniversity ", "london south bank university"],
    ["Limited", "limited"],
    ["The", "the"],
    ["The Ltd", "the"],
    ["3M", "3m"],
    ["---", ""],
    ["", ""],
  ])("%j → %j", (name, expected) => {
    expect(normaliseOrganisationName(name)).toBe(expected);
  });

  it("is idempotent on any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (name) => {
        const once = normaliseOrganisationName(name);
        expect(normaliseOrganisationName(once)).toBe(once);
      }),
      { numRuns: 500 },
    );
  });

  it("is idempotent on generated names with legal forms", () => {
    fc.assert(
      fc.property(words.chain(spelling), (name) => {
        const once = normaliseOrganisationName(name);
        expect(normaliseOrganisationName(once)).toBe(once);
      }),
    );
  });

  it("ignores case, accents, punctuation, whitespace, a leading The and legal-form suffixes", () => {
    fc.assert(
      fc.property(
        words.chain((base) => fc.tuple(fc.constant(base), spelling(base))),
        ([base, variant]) => {
          expect(normaliseOrganisationName(variant)).toBe(base.join(" "));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("is never empty for a name with a letter or a digit", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 50 }),
        fc.string({ unit: "binary", maxLength: 50 }),
        (name, more) => {
          fc.pre(/[\p{L}\p{N}]/u.test(name));
          expect(normaliseOrganisationName(`${name}${more}`)).not.toBe("");
          expect(normaliseOrganisationName(name)).not.toBe("");
        },
      ),
      { numRuns: 500 },
    );
  });

  it("keeps names of letters or digits only in any script", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }), (name) => {
        fc.pre(/^[\p{L}\p{N}]+$/u.test(name));
        expect(normaliseOrganisationName(name)).not.toBe("");
      }),
      // Letters that NFKC turns into no letter or digit (a space and a mark, or a lone mark; found by the properties here).
      { examples: [["\uFE72"], ["\uFF9E"], ["\uFF9F"]] },
    );
  });

  it("is bounded: a 100 KB name becomes at most 1,000 characters, quickly", () => {
    const huge = "Acme Widgets International ".repeat(4000);
    const started = performance.now();
    const normalised = normaliseOrganisationName(huge);
    expect([...normalised].length).toBeLessThanOrEqual(NORMALISED_NAME_MAX_LENGTH);
    expect(normalised.startsWith("acme widgets international acme")).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 3000 }), (name) => {
        expect([...normaliseOrganisationName(name)].length).toBeLessThanOrEqual(NORMALISED_NAME_MAX_LENGTH);
      }),
      { numRuns: 200 },
    );
  });
});
