import fc from "fast-check";
import { describe, expect, it } from "vitest";
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
      expect(result, name).toMatchObject({ ok: false, code: "not-xml" });
      expect(result.ok || result.message, name).toContain(`"${name}"`);
      expectSound(result);
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it("reads other Object.prototype names as elements, and any as attributes, polluting nothing", () => {
    const names = Object.getOwnPropertyNames(Object.prototype);
    const elements = names.filter((name) => !["__proto__", "constructor"].includes(name));
    const planted = fc.oneof(
      fc.constantFrom(...elements).map((name) => `<${name}>x</${name}>`),
      // Attributes are read as `@_name`, so no name reaches a prototype.
      fc.constantFrom(...names, "prototype").map((name) => `<cbc:Note ${name}="x">y</cbc:Note>`),
    );
    fc.assert(
      fc.property(planted, (xml) => {
        const result = parseEformsNotice(REAL.replace("<cbc:UBLVersionID", `${xml}<cbc:UBLVersionID`));
        expectSound(result);
        expect(result.ok, xml).toBe(true);
        expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(names);
        expect(({} as Record<string, unknown>).x).toBeUndefined();
      }),
    );
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

  it("reads a tendering party of 60,000 members named by 500 lot results once, keeping 100", () => {
    const members = "<efac:Tenderer><cbc:ID>ORG-0002</cbc:ID></efac:Tenderer>".repeat(60_000);
    const xml = syntheticEformsNotice({ lots: 500 }).replace(
      "<efac:Tenderer><cbc:ID>ORG-0002</cbc:ID></efac:Tenderer>",
      members,
    );
    const started = performance.now();
    const result = parseEformsNotice(xml);
    expectSound(result);
    if (!result.ok) throw new Error(result.message);
    expect(result.notice.result?.awards).toHaveLength(500);
    expect(result.notice.result?.awards[499]?.winners.map((w) => w.ref)).toEqual(["ORG-0002"]);
    expect(result.notice.truncation).toEqual([
      "members of tendering party TPA-0001: 60,000 given, the first 100 kept",
    ]);
    // Reading the members again for every lot result took minutes; parsing alone takes seconds.
    expect(performance.now() - started).toBeLessThan(15_000);
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

  it("quotes a bad value in a problem without splitting a character", () => {
    const result = parseEformsNotice(syntheticEformsNotice({ amount: `${"1".repeat(63)}😀` }));
    expectSound(result);
    expect(
      result.ok && result.notice.problems[0]?.startsWith(`value of tender TEN-0001: "${"1".repeat(63)}`),
    ).toBe(true);
  });

  it("names a tender count that is no whole number as a problem", () => {
    const result = parseEformsNotice(syntheticEformsNotice({ tendersReceived: "eleven" }));
    expect(result.ok && result.notice.result?.awards[0]?.tendersReceived).toBeNull();
    expect(result.ok && result.notice.problems).toEqual([
      'lot LOT-0001 tenders received: "eleven" is not a whole number',
    ]);
  });

  it("keeps the reason short when the broken XML has a 100 KB element name", () => {
    const name = `a${"b".repeat(100_000)}`;
    const result = parseEformsNotice(`<ContractNotice><${name}></ContractNotice>`);
    expect(refusalCode(result)).toBe("not-xml");
    expectSound(result);
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
