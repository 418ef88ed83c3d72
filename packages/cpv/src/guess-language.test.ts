import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CPV_LANGUAGES } from "./cpv-languages.js";
import { guessLanguage } from "./guess-language.js";

describe("guessLanguage", () => {
  it("names the language of procurement text from the words of the labels", () => {
    expect(guessLanguage("Road maintenance works and winter service for the city")).toBe("eng");
    expect(guessLanguage("Straßenbauarbeiten und Winterdienst für die Stadt")).toBe("deu");
    expect(guessLanguage("Travaux d'entretien des routes et service hivernal de la ville")).toBe("fra");
    expect(guessLanguage("Roboty w zakresie konserwacji dróg i zimowe utrzymanie dla miasta")).toBe("pol");
    expect(guessLanguage("Servizi di pulizia degli edifici e manutenzione delle strade")).toBe("ita");
  });

  it("answers null for text with no word of any label, and never throws", () => {
    expect(guessLanguage("😀 123 !!")).toBeNull();
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (text) => {
        const lang = guessLanguage(text);
        expect(lang === null || CPV_LANGUAGES.includes(lang)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
