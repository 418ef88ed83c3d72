import { readFileSync } from "node:fs";
import { unstorableTextProblem } from "@tender/contracts";
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { EFORMS_LIMITS } from "./eforms-limits.js";
import { EformsNoticeV1 } from "./eforms-notice-v1.js";
import { type EformsParseResult, parseEformsNotice } from "./parse-eforms-notice.js";
import { syntheticEformsNotice } from "./testing/index.js";

const REAL = readFileSync(
  new URL("../fixtures/eforms_real_chain_4_award_380868-2026.xml", import.meta.url),
  "utf8",
);

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Every string anywhere in the summary. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

/** What must hold for every answer: a schema-valid, storable, bounded summary, or a refusal with a reason. */
function expectSound(result: EformsParseResult): void {
  if (!result.ok) {
    expect(result.message.length).toBeGreaterThan(10);
    expect(result.message.length).toBeLessThan(400);
    return;
  }
  expect(v.safeParse(EformsNoticeV1, result.notice).issues).toBeUndefined();
  for (const text of strings(result.notice)) {
    expect(unstorableTextProblem(text)).toBeNull();
    expect(text).not.toMatch(/\p{Cc}/u);
    expect([...text].length).toBeLessThanOrEqual(4096);
  }
  expect(result.notice.lots.length).toBeLessThanOrEqual(EFORMS_LIMITS.maxLots);
  expect(result.notice.truncation.length).toBeLessThanOrEqual(21);
  expect(result.notice.problems.length).toBeLessThanOrEqual(21);
}

function refusalCode(result: EformsParseResult): string {
  return result.ok ? "read" : result.code;
}

describe("parseEformsNotice refuses XML bombs and external entities", () => {
  it("refuses billion laughs (internal entity expansion) before expanding anything", () => {
    const entities = Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
    ).join("");
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">${entities}]><ContractNotice>&lol9;</ContractNotice>`;
    const result = parseEformsNotice(bomb);
    expect(result).toMatchObject({ ok: false, code: "doctype" });
    expectSound(result);
  });

  it("refuses external entities and any DOCTYPE, in any case, anywhere", () => {
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE n [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><ContractNotice>&xxe;</ContractNotice>';
    expect(refusalCode(parseEformsNotice(xxe))).toBe("doctype");
    expect(
      refusalCode(
        parseEformsNotice(REAL.replace("<ContractAwardNotice", "<!doctype x><ContractAwardNotice")),
      ),
    ).toBe("doctype");
    expect(
      refusalCode(
        parseEformsNotice(REAL.replace("</ContractAwardNotice>", '<!ENTITY a "b"></ContractAwardNotice>')),
      ),
    ).toBe("doctype");
  });

  it("leaves an undeclared entity reference as the literal text", () => {
    const result = parseEformsNotice(syntheticEformsNotice({ title: "Roads &xxe; &amp; bridges" }));
    expect(result.ok && result.notice.title).toBe("Roads &xxe; & bridges");
  });

  it("refuses element names that would pollute prototypes, and pollutes nothing", () => {
    for (const name of ["__proto__", "constructor", "prototype"]) {
      const result = parseEformsNotice(
        REAL.replace("<cbc:UBLVersionID", `<${name}>x</${name}><cbc:UBLVersionID`),
      );
      expectSound(result);
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    }
  });
});

describe("parseEformsNotice bounds size, depth and element count", () => {
  it("refuses a 50 MB notice before parsing, as text or as bytes", () => {
    const huge = REAL.replace(
      "</ContractAwardNotice>",
      `<!--${"x".repeat(50_000_000)}--></ContractAwardNotice>`,
    );
    const asText = parseEformsNotice(huge);
    expect(asText).toMatchObject({ ok: false, code: "too-large" });
    expect(asText.ok || asText.message).toContain("at most 10,000,000 are read");
    expect(refusalCode(parseEformsNotice(Buffer.from(huge)))).toBe("too-large");
  });

  it("takes the size cap as a setting", () => {
    expect(refusalCode(parseEformsNotice(REAL, { maxBytes: 20_000 }))).toBe("too-large");
    expect(refusalCode(parseEformsNotice(REAL, { maxBytes: 21_000 }))).toBe("read");
  });

  it("reads 100 levels of nesting and refuses 101, and 99,000", () => {
    // The extension content sits 5 levels deep: root, UBLExtensions, UBLExtension, ExtensionContent, EformsExtension.
    const nested = (levels: number) =>
      REAL.replace(
        "<efac:NoticeResult>",
        `${"<x>".repeat(levels)}${"</x>".repeat(levels)}<efac:NoticeResult>`,
      );
    expect(refusalCode(parseEformsNotice(nested(95)))).toBe("read");
    const tooDeep = parseEformsNotice(nested(96));
    expect(tooDeep).toMatchObject({ ok: false, code: "too-deep" });
    expect(tooDeep.ok || tooDeep.message).toContain("more than 100 levels");
    expect(refusalCode(parseEformsNotice(nested(99_000)))).toBe("too-deep");
  });

  it("refuses a flood of tiny elements by count", () => {
    const flood = REAL.replace("</ContractAwardNotice>", `${"<a/>".repeat(300_000)}</ContractAwardNotice>`);
    expect(parseEformsNotice(flood)).toMatchObject({ ok: false, code: "too-many-elements" });
  });

  it("keeps 500 of 10,000 lots and says so", () => {
    const result = parseEformsNotice(syntheticEformsNotice({ lots: 10_000 }));
    expectSound(result);
    if (!result.ok) throw new Error(result.message);
    expect(result.notice.lots).toHaveLength(500);
    expect(result.notice.result?.awards).toHaveLength(500);
    expect(result.notice.result?.awards[499]).toMatchObject({ lotId: "LOT-0500", status: "awarded" });
    expect(result.notice.truncated).toBe(true);
    expect(result.notice.truncation).toEqual([
      "lots: 10,000 given, the first 500 kept",
      "lot results: 10,000 given, the first 500 kept",
    ]);
  });

  it("cuts a 100 KB winner name to 1,000 characters and says so", () => {
    const name = "Muster Bau ".repeat(10_000).trim();
    const result = parseEformsNotice(syntheticEformsNotice({ winnerName: name }));
    expectSound(result);
    if (!result.ok) throw new Error(result.message);
    const winner = result.notice.result?.awards[0]?.winners[0];
    expect([...(winner?.name ?? "")].length).toBeLessThanOrEqual(1000);
    expect(winner?.name?.startsWith("Muster Bau Muster Bau")).toBe(true);
    expect(winner?.key).toBe("id:DE:HRB12345");
    expect(result.notice.truncated).toBe(true);
    expect(result.notice.truncation).toEqual(["name of ORG-0002: cut to 1,000 characters"]);
  });
});

describe("parseEformsNotice cleans text and refuses values it cannot read", () => {
  it("replaces lone surrogates and NUL, turns control characters into spaces", () => {
    const result = parseEformsNotice(
      syntheticEformsNotice({
        winnerName: "Acme\u0000\u0001\u001f\u007f\u0085&#xD800;&#0;\uDC00 Bau&#x1F600;",
      }),
    );
    expectSound(result);
    expect(result.ok && result.notice.result?.awards[0]?.winners[0]?.name).toBe(
      "Acme\uFFFD \uFFFD\uFFFD\uFFFD Bau😀",
    );
  });

  it.each([["1e6"], ["-5"], ["12,50"], ["1.234"], ["NaN"], ["0x10"], ["99999999999999999999"], ["١٢٣"]])(
    "keeps no value for the amount %j and names it as a problem",
    (amount) => {
      const result = parseEformsNotice(syntheticEformsNotice({ amount }));
      expectSound(result);
      if (!result.ok) throw new Error(result.message);
      expect(result.notice.result?.awards[0]?.value).toBeNull();
      expect(result.notice.problems).toEqual([
        `value of tender TEN-0001: "${amount}" is not an amount (a decimal, at most 2 fraction digits)`,
      ]);
    },
  );

  it("names a tender count that is no whole number as a problem", () => {
    const result = parseEformsNotice(syntheticEformsNotice({ tendersReceived: "eleven" }));
    expect(result.ok && result.notice.result?.awards[0]?.tendersReceived).toBeNull();
    expect(result.ok && result.notice.problems).toEqual([
      'lot LOT-0001 tenders received: "eleven" is not a whole number',
    ]);
  });

  it.each([
    ["", "not-xml"],
    ["not xml", "not-xml"],
    ["<a><b></a>", "not-xml"],
    ["<html><body/></html>", "not-eforms"],
    ['<?xml version="1.0"?>', "not-xml"],
  ])("refuses %j as %s", (input, code) => {
    const result = parseEformsNotice(input);
    expect(refusalCode(result)).toBe(code);
    expectSound(result);
  });
});

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
