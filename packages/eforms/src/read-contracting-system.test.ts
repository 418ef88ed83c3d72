import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { EformsNoticeV1 } from "./eforms-notice-v1.js";
import { parseEformsNotice } from "./parse-eforms-notice.js";
import { DPS_CODES, FRAMEWORK_AGREEMENT_CODES, frameworkOf } from "./read-contracting-system.js";
import { readEformsFixture } from "./testing/index.js";

const fixture = (file: string) => readEformsFixture(file).toString("utf8");
// Real: the Malta award (both codes `none`); official examples: LSBU (a framework without
// reopening of competition), its modification (no codes at all), the maximal notice (a DPS).
const MALTA = fixture("eforms_real_chain_4_award_380868-2026.xml");
const LSBU = fixture("eforms_example_award_can_24_LSBU.xml");
const LSBU_MODIFICATION = fixture("eforms_example_modification_can-modif_24_value.xml");
const MAXIMAL = fixture("FICTIONAL_eforms_example_award_can_24_maximal.xml");

const MALTA_CODES = `<cac:ContractingSystem>
                <cbc:ContractingSystemTypeCode listName="dps-usage">none</cbc:ContractingSystemTypeCode>
            </cac:ContractingSystem>
            <cac:ContractingSystem>
                <cbc:ContractingSystemTypeCode listName="framework-agreement">none</cbc:ContractingSystemTypeCode>
            </cac:ContractingSystem>`;

function read(xml: string): EformsNoticeV1 {
  const result = parseEformsNotice(xml);
  if (!result.ok) throw new Error(result.message);
  return result.notice;
}
const lotsOf = (notice: EformsNoticeV1) =>
  notice.lots.map(({ id, frameworkAgreement, dps, framework }) => ({
    id,
    frameworkAgreement,
    dps,
    framework,
  }));
const awardsOf = (notice: EformsNoticeV1) =>
  (notice.result?.awards ?? []).map(({ lotId, framework }) => ({ lotId, framework }));

describe("frameworks and dynamic purchasing systems of eForms lots (BT-765, BT-766)", () => {
  it("reads the real Malta award as neither: both codes are none", () => {
    const notice = read(MALTA);
    expect(lotsOf(notice)).toEqual([
      { id: "LOT-0001", frameworkAgreement: "none", dps: "none", framework: false },
    ]);
    expect(awardsOf(notice)).toEqual([{ lotId: "LOT-0001", framework: false }]);
  });

  it("reads LSBU's lot as a framework agreement without reopening of competition", () => {
    const notice = read(LSBU);
    expect(lotsOf(notice)).toEqual([
      { id: "LOT-0000", frameworkAgreement: "fa-wo-rc", dps: "none", framework: true },
    ]);
    expect(awardsOf(notice)).toEqual([{ lotId: "LOT-0000", framework: true }]);
  });

  it("reads the maximal notice's lot 1 as a DPS, and lot 2 as a framework even though it was not awarded", () => {
    const notice = read(MAXIMAL);
    expect(lotsOf(notice)).toEqual([
      { id: "LOT-0001", frameworkAgreement: "fa-w-rc", dps: "dps-list", framework: true },
      { id: "LOT-0002", frameworkAgreement: "fa-w-rc", dps: "none", framework: true },
    ]);
    expect(awardsOf(notice)).toEqual([
      { lotId: "LOT-0001", framework: true },
      { lotId: "LOT-0002", framework: true },
    ]);
  });

  it("reads a DPS alone: the Malta award with its dps-usage code set to dps-nlist", () => {
    const notice = read(MALTA.replace('listName="dps-usage">none<', 'listName="dps-usage">dps-nlist<'));
    expect(lotsOf(notice)).toEqual([
      { id: "LOT-0001", frameworkAgreement: "none", dps: "dps-nlist", framework: true },
    ]);
    expect(awardsOf(notice)).toEqual([{ lotId: "LOT-0001", framework: true }]);
  });

  it("says nothing (null) for a notice that states neither code: the LSBU modification", () => {
    const notice = read(LSBU_MODIFICATION);
    expect(lotsOf(notice)).toEqual([
      { id: "LOT-0000", frameworkAgreement: null, dps: null, framework: null },
    ]);
    expect(read(MALTA.replace(MALTA_CODES, "")).result?.awards[0]?.framework).toBeNull();
  });

  it("maps each pair of codes as the table says", () => {
    const table: [string | null, string | null, boolean | null][] = [
      ["fa-wo-rc", null, true],
      ["fa-w-rc", "none", true],
      ["fa-mix", "dps-nlist", true],
      ["none", "dps-list", true],
      [null, "dps-nlist", true],
      ["none", "none", false],
      ["none", null, false],
      [null, "none", false],
      [null, null, null],
      ["fa-unknown", "none", null],
      ["none", "dps-unknown", null],
      ["fa-unknown", "dps-list", true],
      // Codes are case-sensitive in eForms: a capitalised one is not in the list.
      ["FA-W-RC", null, null],
    ];
    for (const [frameworkAgreement, dps, expected] of table) {
      expect([frameworkAgreement, dps, frameworkOf(frameworkAgreement, dps)]).toEqual([
        frameworkAgreement,
        dps,
        expected,
      ]);
    }
  });

  it("reads any codes, in any order, as frameworkOf maps them, naming codes outside their list", () => {
    const code = (codes: readonly string[]) =>
      fc.option(fc.oneof(fc.constantFrom(...codes), fc.constantFrom("fa-other", "dps-other", "", " none ")), {
        nil: null,
      });
    fc.assert(
      fc.property(
        code(FRAMEWORK_AGREEMENT_CODES),
        code(DPS_CODES),
        fc.boolean(),
        (frameworkAgreement, dps, dpsFirst) => {
          const system = (list: string, value: string | null) =>
            value === null
              ? ""
              : `<cac:ContractingSystem><cbc:ContractingSystemTypeCode listName="${list}">${value}</cbc:ContractingSystemTypeCode></cac:ContractingSystem>`;
          const systems = [system("framework-agreement", frameworkAgreement), system("dps-usage", dps)];
          const notice = read(MALTA.replace(MALTA_CODES, (dpsFirst ? systems.reverse() : systems).join("")));
          // Read as one line: surrounding spaces go, an empty code is no code.
          const clean = (value: string | null) =>
            value === null || value.trim() === "" ? null : value.trim();
          const [fa, usage] = [clean(frameworkAgreement), clean(dps)];
          const expected = frameworkOf(fa, usage);
          expect(lotsOf(notice)).toEqual([
            { id: "LOT-0001", frameworkAgreement: fa, dps: usage, framework: expected },
          ]);
          expect(notice.result?.awards[0]?.framework).toBe(expected);
          const unknown = [fa, usage].filter(
            (value) =>
              value !== null &&
              !(FRAMEWORK_AGREEMENT_CODES as readonly string[]).includes(value) &&
              !(DPS_CODES as readonly string[]).includes(value),
          );
          expect(notice.problems.filter((p) => p.includes("is not a code of its list"))).toHaveLength(
            unknown.length,
          );
        },
      ),
    );
  });
});
