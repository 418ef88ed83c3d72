import { LABEL_LANGUAGES } from "@tender/contracts";
import { CPV_LANGUAGES, cpvLanguage } from "@tender/cpv";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiError } from "../errors/api-error.js";
import { acceptedLabelLanguages, chooseLabelLanguage } from "./label-language.js";

const search = (text: string) => new URLSearchParams(text);

describe("the labels' language", () => {
  it("offers exactly the vocabulary's 24 languages", () => {
    expect(LABEL_LANGUAGES.map((tag) => cpvLanguage(tag)).sort()).toEqual([...CPV_LANGUAGES].sort());
  });

  it("takes lang first, then Accept-Language by q and order, then English", () => {
    expect(chooseLabelLanguage(search("lang=pl"), "de")).toEqual({ tag: "pl", cpv: "pol" });
    expect(chooseLabelLanguage(search(""), "zh-CN, fr-CH;q=0.8, de;q=0.9")).toEqual({
      tag: "de",
      cpv: "deu",
    });
    expect(chooseLabelLanguage(search(""), "de;q=0, *;q=0.5, sv")).toEqual({ tag: "sv", cpv: "swe" });
    expect(chooseLabelLanguage(search(""), "ja, *")).toEqual({ tag: "en", cpv: "eng" });
    expect(chooseLabelLanguage(search(""), undefined)).toEqual({ tag: "en", cpv: "eng" });
    expect(acceptedLabelLanguages("en-GB, en-US;q=0.9, ga;q=0.1")).toEqual([
      { tag: "en", cpv: "eng" },
      { tag: "ga", cpv: "gle" },
    ]);
  });

  it("refuses a lang that is not one of them, or given twice, naming /lang", () => {
    for (const text of ["lang=", "lang=EN", "lang=deu", "lang=de-AT", "lang=xx", "lang=de&lang=fr"]) {
      let error: unknown;
      try {
        chooseLabelLanguage(search(text), undefined);
      } catch (thrown) {
        error = thrown;
      }
      expect(error, text).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe("validation_error");
    }
  });

  it("reads any Accept-Language header without failing, choosing only languages it has", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (header) => {
        const chosen = acceptedLabelLanguages(header);
        for (const choice of chosen) expect(LABEL_LANGUAGES).toContain(choice.tag);
        expect(new Set(chosen.map((c) => c.cpv)).size).toBe(chosen.length);
      }),
      { numRuns: 500 },
    );
  });
});
