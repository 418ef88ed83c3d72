import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EFORMS_LIMITS } from "./eforms-limits.js";
import { type EformsParseResult, parseEformsNotice } from "./parse-eforms-notice.js";
import { eformsResultViolations, readEformsFixture, syntheticEformsNotice } from "./testing/index.js";

const REAL = readEformsFixture("eforms_real_chain_4_award_380868-2026.xml").toString("utf8");

/** A schema-valid, storable, bounded summary, or a refusal with a one-sentence reason. */
function expectSound(result: EformsParseResult): void {
  expect(eformsResultViolations(result)).toEqual([]);
}

function refusalCode(result: EformsParseResult): string {
  return result.ok ? "read" : result.code;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

describe("parseEformsNotice never throws (property tests)", () => {
  const tokens = fc.constantFrom(
    "<",
    ">",
    "</",
    "/>",
    "&",
    "&amp;",
    "&#x0;",
    "&#xD800;",
    '"',
    "<!--",
    "-->",
    "<![CDATA[",
    "]]>",
    "<?x ?>",
    "<ContractAwardNotice>",
    "</ContractAwardNotice>",
    "<cbc:ID>",
    "</cbc:ID>",
    "<efac:LotResult>",
    "</efac:LotResult>",
    "<!DOCTYPE",
    "\u0000",
    "\uD800",
    "x",
  );

  it("answers any text with a sound summary or a refusal", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: "binary", maxLength: 300 }),
          fc.array(tokens).map((t) => t.join("")),
        ),
        (text) => {
          expectSound(parseEformsNotice(text));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("answers any bytes with a sound summary or a refusal", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat({ max: REAL.length }), (bytes, at) => {
        expectSound(parseEformsNotice(bytes));
        const real = Buffer.from(REAL);
        expectSound(parseEformsNotice(Buffer.concat([real.subarray(0, at), bytes, real.subarray(at)])));
      }),
      { numRuns: 150 },
    );
  });

  it("answers a real notice with random damage with a sound summary or a refusal", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: REAL.length }),
        fc.nat({ max: 200 }),
        fc.oneof(fc.string({ unit: "binary", maxLength: 40 }), tokens),
        (at, cut, insert) => {
          expectSound(parseEformsNotice(`${REAL.slice(0, at)}${insert}${REAL.slice(at + cut)}`));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("keeps any winner name bounded, storable and on one line", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", minLength: 1, maxLength: 3000 }), (name) => {
        const result = parseEformsNotice(syntheticEformsNotice({ winnerName: escapeXml(name) }));
        expectSound(result);
        if (result.ok) {
          const kept = result.notice.result?.awards[0]?.winners[0]?.name ?? "";
          expect([...kept].length).toBeLessThanOrEqual(EFORMS_LIMITS.maxNameLength);
          expect(kept).not.toMatch(/\s{2}|\n/);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("keeps at most maxLots of any number of lots and says so exactly when it cuts", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 }), (lots, maxLots) => {
        const result = parseEformsNotice(syntheticEformsNotice({ lots, tenderPerLot: true }), { maxLots });
        expectSound(result);
        if (!result.ok) throw new Error(result.message);
        expect(result.notice.lots).toHaveLength(Math.min(lots, maxLots));
        expect(result.notice.result?.awards).toHaveLength(Math.min(lots, maxLots));
        expect(result.notice.truncated).toBe(lots > maxLots);
      }),
      { numRuns: 60 },
    );
  });

  it("reads any nesting up to maxDepth and refuses anything deeper", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), (levels) => {
        const xml = REAL.replace(
          "<efac:NoticeResult>",
          `${"<x>".repeat(levels)}${"</x>".repeat(levels)}<efac:NoticeResult>`,
        );
        expect(refusalCode(parseEformsNotice(xml))).toBe(5 + levels <= 100 ? "read" : "too-deep");
      }),
      { numRuns: 60 },
    );
  });
});
