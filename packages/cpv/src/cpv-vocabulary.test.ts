import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CPV_LANGUAGES, cpvLanguage } from "./cpv-languages.js";
import { cpvLabel, cpvPrefixOf, cpvVocabulary, parseCpvTsv } from "./cpv-vocabulary.js";

describe("the CPV vocabulary", () => {
  it("holds the 9,454 codes of CPV 2008, each with an English label", () => {
    const vocabulary = cpvVocabulary();
    expect(vocabulary.size).toBe(9454);
    for (const entry of vocabulary.values()) expect(entry.labels.eng, entry.code).toBeTruthy();
    const labels = [...vocabulary.values()].flatMap((entry) => Object.values(entry.labels));
    expect(labels.filter((label) => label !== label.normalize("NFC"))).toEqual([]);
  });

  it("labels a code in each language and falls back to English", () => {
    expect(cpvLabel("45000000")).toBe("Construction work");
    expect(cpvLabel("45000000", "deu")).toBe("Bauarbeiten");
    expect(cpvLabel("45000000", "fra")).toBe("Travaux de construction");
    expect(cpvLabel("99999999")).toBeNull();
  });

  it("gives every code but a division a parent that is a broader code of the vocabulary", () => {
    for (const entry of cpvVocabulary().values()) {
      if (entry.prefix.length <= 2) continue;
      expect(entry.parent, entry.code).not.toBeNull();
      const parent = cpvVocabulary().get(entry.parent as string);
      expect(entry.prefix.startsWith(parent?.prefix ?? "x"), entry.code).toBe(true);
      expect((parent?.prefix.length ?? 9) < entry.prefix.length).toBe(true);
    }
  });

  it("keeps at least two digits in a prefix", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{8}$/), (code) => {
        const prefix = cpvPrefixOf(code);
        expect(code.startsWith(prefix)).toBe(true);
        expect(prefix.length).toBeGreaterThanOrEqual(2);
        expect(code.slice(prefix.length)).toMatch(/^0*$/);
      }),
    );
  });

  it("refuses a file whose header or codes are not the vocabulary's", () => {
    expect(() => parseCpvTsv("code\teng\n45000000\tConstruction work\n")).toThrow(/header/);
    const header = ["code", ...CPV_LANGUAGES].join("\t");
    expect(() => parseCpvTsv(`${header}\n4500\tx\n`)).toThrow(/malformed code/);
  });

  it("maps language tags to the vocabulary's languages", () => {
    expect(cpvLanguage("de-AT")).toBe("deu");
    expect(cpvLanguage("EN")).toBe("eng");
    expect(cpvLanguage("swe")).toBe("swe");
    expect(cpvLanguage("ja")).toBeNull();
  });
});
