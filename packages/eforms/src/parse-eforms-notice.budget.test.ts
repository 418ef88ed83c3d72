import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countMarkup } from "./count-markup.js";
import { EFORMS_LIMITS, type EformsLimits } from "./eforms-limits.js";
import { type EformsParseResult, parseEformsNotice } from "./parse-eforms-notice.js";
import { eformsResultViolations, readEformsFixture, syntheticEformsNotice } from "./testing/index.js";

const REAL = readEformsFixture("eforms_real_chain_4_award_380868-2026.xml").toString("utf8");
const MAXIMAL = readEformsFixture("FICTIONAL_eforms_example_award_can_24_maximal.xml").toString("utf8");
const AT = "<cbc:UBLVersionID";
const insert = (xml: string, markup: string) => xml.replace(AT, `${markup}${AT}`);
const code = (result: EformsParseResult) => (result.ok ? "read" : result.code);
const UNLIMITED = {
  elements: 1e9,
  attributes: 1e9,
  attributesPerElement: 1e9,
  entityReferences: 1e9,
  lots: 1e9,
};

describe("parseEformsNotice: the parse budget (issue 32, finding 6)", () => {
  it("counts the markup of a real notice as a plain count of its tags does", () => {
    const tags = REAL.match(/<[A-Za-z_][^>]*>/g) ?? [];
    const attributes = tags.map((tag) => (tag.match(/=\s*["']/g) ?? []).length);
    expect(countMarkup(REAL, UNLIMITED)).toEqual({
      elements: tags.length,
      attributes: attributes.reduce((a, b) => a + b, 0),
      widestElement: Math.max(...attributes),
      entityReferences: (REAL.match(/&/g) ?? []).length,
      lots: Math.max(
        (REAL.match(/<(?:\w+:)?ProcurementProjectLot[\s>]/g) ?? []).length,
        (REAL.match(/<(?:\w+:)?LotResult[\s>]/g) ?? []).length,
      ),
    });
  });

  it("reads a notice whose comment and CDATA hold more `<a` than maxElements (refused before)", () => {
    const flood = "<a".repeat(EFORMS_LIMITS.maxElements + 1);
    for (const markup of [`<!--${flood}-->`, `<x><![CDATA[${flood}]]></x>`, `<?pi ${flood}?>`]) {
      const result = parseEformsNotice(insert(REAL, markup));
      expect(eformsResultViolations(result)).toEqual([]);
      expect(code(result)).toBe("read");
    }
  });

  it("refuses 200,000 attributes on one element (read in seconds before)", () => {
    const attributes = Array.from({ length: 200_000 }, (_, i) => ` a${i}="v"`).join("");
    const result = parseEformsNotice(insert(REAL, `<x${attributes}/>`));
    expect(result).toMatchObject({ ok: false, code: "too-many-attributes" });
    expect(result.ok || result.message).toBe(
      "An element of the notice has more than 50 attributes; it is refused.",
    );
  });

  it("refuses 100,001 attributes spread over elements", () => {
    const element = `<x${Array.from({ length: 50 }, (_, i) => ` a${i}="v"`).join("")}/>`;
    const result = parseEformsNotice(insert(REAL, element.repeat(2_001)));
    expect(result).toMatchObject({ ok: false, code: "too-many-attributes" });
  });

  it("refuses 600,000 entity references in 9.6 MB (read in seconds before)", () => {
    const result = parseEformsNotice(
      insert(REAL, `<x>${"&amp;&#65; x".repeat(300_000)}${" ".repeat(5_000_000)}</x>`),
    );
    expect(result).toMatchObject({ ok: false, code: "too-many-references" });
    expect(result.ok || result.message).toContain("more than 100,000 entity or character references");
  });

  it("refuses 20,000 lot results (read before)", () => {
    const result = parseEformsNotice(
      syntheticEformsNotice({ lots: 1 }).replace(/<efac:LotResult>.*?<\/efac:LotResult>/, (lotResult) =>
        lotResult.repeat(20_000),
      ),
    );
    expect(result).toMatchObject({ ok: false, code: "too-many-lots" });
  });

  it("still reads the largest notice of the datasets and a 500-lot award notice whole", () => {
    const maximal = parseEformsNotice(MAXIMAL);
    expect(maximal.ok && maximal.notice.truncated).toBe(false);
    const award = parseEformsNotice(syntheticEformsNotice({ lots: 500, tenderPerLot: true, winners: 3 }));
    expect(eformsResultViolations(award)).toEqual([]);
    if (!award.ok) throw new Error(award.message);
    expect(award.notice.result?.awards).toHaveLength(500);
    expect(award.notice.truncated).toBe(false);
  });

  it("reads any comment, CDATA or processing instruction added to a notice as if it were not there", () => {
    const plain = parseEformsNotice(REAL, { maxElements: countMarkup(REAL, UNLIMITED).elements });
    const text = fc.array(fc.constantFrom("<a", "<b/>", "<x y='1'>", "&amp;", "&", "<!--", "]]", "-", "x"), {
      maxLength: 400,
    });
    fc.assert(
      fc.property(fc.constantFrom("comment", "cdata", "pi"), text, (kind, parts) => {
        const body = parts.join("").replaceAll("--", "- -").replaceAll("]]>", "]] >").replaceAll("?>", "? >");
        const markup =
          kind === "comment" ? `<!--${body}-->` : kind === "cdata" ? `<![CDATA[${body}]]>` : `<?pi ${body}?>`;
        // Between elements, where text is not read: the summary stays the same.
        const xml = REAL.replace("<cbc:UBLVersionID", `${markup}<cbc:UBLVersionID`);
        expect(parseEformsNotice(xml, { maxElements: countMarkup(REAL, UNLIMITED).elements })).toEqual(plain);
      }),
      { numRuns: 200 },
    );
  });

  it("refuses generated hostile markup exactly when a count passes its budget, with that count's reason", () => {
    const base = countMarkup(REAL, UNLIMITED);
    const lotsOfReal = (REAL.match(/<cac:ProcurementProjectLot[\s>]/g) ?? []).length;
    const resultsOfReal = (REAL.match(/<efac:LotResult[\s>]/g) ?? []).length;
    const reasons: Record<string, (keyof typeof UNLIMITED)[]> = {
      "too-many-elements": ["elements"],
      "too-many-attributes": ["attributes", "attributesPerElement"],
      "too-many-references": ["entityReferences"],
      "too-many-lots": ["lots"],
    };
    fc.assert(
      fc.property(
        fc.record({
          elements: fc.nat({ max: 60 }),
          attributes: fc.nat({ max: 30 }),
          references: fc.nat({ max: 30 }),
          inAttribute: fc.boolean(),
          lots: fc.nat({ max: 30 }),
        }),
        fc.record({
          maxElements: fc.integer({ min: base.elements, max: base.elements + 200 }),
          maxAttributesPerElement: fc.integer({ min: base.widestElement, max: 40 }),
          maxAttributes: fc.integer({ min: base.attributes, max: base.attributes + 600 }),
          maxEntityReferences: fc.integer({ min: 0, max: 600 }),
          maxLotsGiven: fc.integer({ min: base.lots, max: base.lots + 40 }),
        }),
        (shape, limits: Partial<EformsLimits>) => {
          const attributes = Array.from({ length: shape.attributes }, (_, i) => ` a${i}="v"`).join("");
          const references = "&amp;".repeat(shape.references);
          const element = shape.inAttribute
            ? `<x${attributes} r="${references}"/>`
            : `<x${attributes}>${references}</x>`;
          const extraAttributes = shape.inAttribute ? 1 : 0;
          const xml = insert(REAL, element.repeat(shape.elements) + "<efac:LotResult/>".repeat(shape.lots));
          const counts = {
            elements: base.elements + shape.elements + shape.lots,
            attributesPerElement: Math.max(
              base.widestElement,
              shape.elements > 0 ? shape.attributes + extraAttributes : 0,
            ),
            attributes: base.attributes + shape.elements * (shape.attributes + extraAttributes),
            entityReferences: base.entityReferences + shape.elements * shape.references,
            lots: Math.max(lotsOfReal, resultsOfReal + shape.lots),
          };
          const budget = {
            elements: limits.maxElements as number,
            attributesPerElement: limits.maxAttributesPerElement as number,
            attributes: limits.maxAttributes as number,
            entityReferences: limits.maxEntityReferences as number,
            lots: limits.maxLotsGiven as number,
          };
          const over = (Object.keys(budget) as (keyof typeof budget)[]).filter((k) => counts[k] > budget[k]);
          const result = parseEformsNotice(xml, limits);
          expect(eformsResultViolations(result)).toEqual([]);
          if (over.length === 0) expect(code(result)).toBe("read");
          else expect(over.some((count) => reasons[code(result)]?.includes(count))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
