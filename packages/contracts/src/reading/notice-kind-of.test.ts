import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { NoticeKind } from "../primitives/notice-kind.js";
import { noticeKindOf } from "./notice-kind-of.js";
import { NOTICE_KIND_TABLE } from "./notice-kind-table.js";
import { ocdsTagsKind } from "./ocds-tags-kind.js";

// The official lists (packages/contracts/fixtures/SOURCES.md), not the table under test.
const fixture = (name: string) => readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), "utf8");
const SUBTYPES = (
  JSON.parse(fixture("eforms-notice-subtypes.json")) as {
    noticeSubTypes: { subTypeId: string; formType: string; type: string }[];
  }
).noticeSubTypes;
const OCDS_TAGS = fixture("ocds-release-tags.csv")
  .trim()
  .split("\n")
  .slice(1)
  .map((line) => line.split(",")[0] ?? "");

// What each eForms form type means to a procurement professional (docs/records.md#notice-kinds):
// a pre-market consultation plans, a direct award announced beforehand (veat) and a completion
// report a result. Business registration notices (`bri`, X01/X02) are no procurement notices.
const KIND_OF_FORM: Record<string, NoticeKind | null> = {
  planning: "planning",
  consultation: "planning",
  competition: "competition",
  "dir-awa-pre": "result",
  result: "result",
  completion: "result",
  "cont-modif": "modification",
  bri: null,
};

const kind = (noticeType: string | null, formType: string | null) =>
  noticeKindOf({ noticeType, formType, changesNotice: false, changeReason: null });

describe("noticeKindOf against the eForms notice subtypes", () => {
  it("the list is the official one: 1–40, CEI, T01, T02, X01, X02, E1–E6", () => {
    const ids = SUBTYPES.map((s) => s.subTypeId);
    expect(ids).toEqual([
      ...Array.from({ length: 40 }, (_, i) => String(i + 1)),
      ...["CEI", "T01", "T02", "X01", "X02", "E1", "E2", "E3", "E4", "E5", "E6"],
    ]);
  });

  it.each(SUBTYPES.map((s) => [s.subTypeId, s.type, s.formType] as const))(
    "subtype %s (%s, form %s): its notice type alone and its form type alone give the kind its form means",
    (_id, type, form) => {
      expect(Object.keys(KIND_OF_FORM)).toContain(form);
      const expected = KIND_OF_FORM[form] ?? null;
      expect(kind(type, null)).toBe(expected);
      expect(kind(null, form)).toBe(expected);
      expect(kind(type, form)).toBe(expected);
      expect(kind(type.toUpperCase(), ` ${form} `)).toBe(expected);
    },
  );

  it("every notice type of the table is an official one, or TED's corrigendum of the old forms", () => {
    const official = new Set(SUBTYPES.map((s) => s.type));
    expect(Object.keys(NOTICE_KIND_TABLE.noticeTypes).filter((t) => !official.has(t))).toEqual(["corr"]);
  });

  it("a pre-market consultation (pmc) is planning, whatever form type TED or the XML gives with it", () => {
    for (const form of [null, "consultation", "planning", "competition", "x"]) {
      expect(kind("pmc", form)).toBe("planning");
      expect(kind("PMC", form)).toBe("planning");
    }
  });
});

describe("noticeKindOf on change notices", () => {
  const anyCode = fc.option(fc.oneof(fc.constantFrom(...SUBTYPES.map((s) => s.type)), fc.string()));

  it("a notice naming a notice it changes is a change, or a cancellation when the reason is cancel", () => {
    fc.assert(
      fc.property(anyCode, anyCode, fc.option(fc.string()), (noticeType, formType, reason) => {
        const input = { noticeType, formType, changesNotice: true };
        expect(noticeKindOf({ ...input, changeReason: "cancel" })).toBe("cancellation");
        expect(noticeKindOf({ ...input, changeReason: " CANCEL " })).toBe("cancellation");
        const other = reason?.trim().toLowerCase() === "cancel" ? "cor-buy" : reason;
        expect(noticeKindOf({ ...input, changeReason: other })).toBe("change");
      }),
    );
  });

  it("an intention to cancel (cancel-intent) is not yet a cancellation; a reason without a change is no change", () => {
    expect(
      noticeKindOf({
        noticeType: "cn-standard",
        formType: null,
        changesNotice: true,
        changeReason: "cancel-intent",
      }),
    ).toBe("change");
    expect(
      noticeKindOf({
        noticeType: "cn-standard",
        formType: null,
        changesNotice: false,
        changeReason: "cancel",
      }),
    ).toBe("competition");
  });
});

describe("noticeKindOf on unknown codes", () => {
  it("answers null for codes in no list, property names included", () => {
    const known = new Set([...Object.keys(NOTICE_KIND_TABLE.noticeTypes), ...Object.keys(KIND_OF_FORM)]);
    const unknown = fc
      .oneof(fc.string(), fc.constantFrom("constructor", "__proto__", "toString", "hasOwnProperty", ""))
      .filter((s) => !known.has(s.trim().toLowerCase()));
    fc.assert(
      fc.property(unknown, unknown, (noticeType, formType) => {
        expect(kind(noticeType, formType)).toBeNull();
      }),
    );
  });
});

describe("ocdsTagsKind against the OCDS releaseTag codelist", () => {
  // What each tag announces (spec: planning* → planning, tender → competition, tenderAmendment /
  // tenderUpdate → change, tenderCancellation → cancellation, award* / contract* → result,
  // contractAmendment → modification); implementation follows a contract; `compiled` is no notice.
  const EXPECTED: Record<string, NoticeKind | null> = {
    planning: "planning",
    planningUpdate: "planning",
    tender: "competition",
    tenderAmendment: "change",
    tenderUpdate: "change",
    tenderCancellation: "cancellation",
    award: "result",
    awardUpdate: "result",
    awardCancellation: "result",
    contract: "result",
    contractUpdate: "result",
    contractAmendment: "modification",
    implementation: "result",
    implementationUpdate: "result",
    contractTermination: "result",
    compiled: null,
  };

  it("knows every code of the codelist", () => {
    expect(OCDS_TAGS).toEqual(Object.keys(EXPECTED));
  });

  it.each(OCDS_TAGS)("%s alone", (tag) => {
    expect(ocdsTagsKind([tag])).toBe(EXPECTED[tag]);
  });

  it("lets the latest stage of a release's tags decide, in any order", () => {
    expect(ocdsTagsKind(["award", "contract"])).toBe("result");
    expect(ocdsTagsKind(["tenderCancellation", "tender"])).toBe("cancellation");
    expect(ocdsTagsKind(["planning", "tender"])).toBe("competition");
    expect(ocdsTagsKind(["tender", "tenderAmendment"])).toBe("change");
    expect(ocdsTagsKind(["contract", "contractAmendment"])).toBe("modification");
    expect(ocdsTagsKind([])).toBeNull();
    expect(ocdsTagsKind(["Tender", "x"])).toBeNull();
  });
});
