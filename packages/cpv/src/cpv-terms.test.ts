import { describe, expect, it } from "vitest";
import { cpvLevel, cpvTerms, describeCpvCodes, LISTED_CPV_LABELS, withCpvLabels } from "./cpv-terms.js";

describe("cpvTerms", () => {
  it("labels each code in the language, English where it has none, null for an unknown code", () => {
    expect(cpvTerms(["45000000", "72000000", "99999999"], "deu")).toEqual([
      { code: "45000000", label: "Bauarbeiten" },
      { code: "72000000", label: "IT-Dienste: Beratung, Software-Entwicklung, Internet und Hilfestellung" },
      { code: "99999999", label: null },
    ]);
    expect(cpvTerms(["45000000"])).toEqual([{ code: "45000000", label: "Construction work" }]);
    expect(cpvTerms([])).toEqual([]);
  });
});

describe("cpvLevel", () => {
  it("counts a code's significant digits: division, group, class, category, finer", () => {
    expect(["45000000", "45200000", "45230000", "45233000", "45233100", "45233141"].map(cpvLevel)).toEqual([
      1, 2, 3, 4, 5, 5,
    ]);
    expect(cpvLevel("03000000")).toBe(1);
  });
});

describe("withCpvLabels", () => {
  it("adds `cpv` right after `cpv_codes`, keeping every other field and their order", () => {
    const tender = { id: "t", cpv_codes: ["45000000"], kind: "result" };
    const labelled = withCpvLabels(tender, "fra");
    expect(Object.keys(labelled)).toEqual(["id", "cpv_codes", "cpv", "kind"]);
    expect(labelled.cpv).toEqual([{ code: "45000000", label: "Travaux de construction" }]);
    expect(withCpvLabels({ cpv_codes: [] }).cpv).toEqual([]);
    const many = Array.from({ length: 60 }, () => "45000000");
    expect(withCpvLabels({ cpv_codes: many }).cpv).toHaveLength(LISTED_CPV_LABELS);
    expect(withCpvLabels({ cpv_codes: many }, "eng", 60).cpv).toHaveLength(60);
  });
});

describe("describeCpvCodes", () => {
  it("names the first codes with their labels and counts the rest", () => {
    expect(describeCpvCodes(["45000000", "99999999"])).toBe("45000000 Construction work; 99999999");
    expect(describeCpvCodes(["45000000", "45000000", "45000000", "45000000", "45000000"], "eng", 1)).toBe(
      "45000000 Construction work, and 4 more",
    );
    expect(describeCpvCodes([])).toBe("");
  });
});
