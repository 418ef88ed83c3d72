import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FORM_TYPE_KINDS, NOTICE_TYPE_KINDS, noticeKind } from "./notice-kind.js";

/** Rows `| \`code\` | kind |` of the README table that follows `heading`. */
function readmeTable(heading: string): Record<string, string> {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
  const section = readme.slice(readme.indexOf(heading));
  const table = section.slice(0, section.search(/\n\n(?!\|)/) + 1 || undefined);
  const rows: Record<string, string> = {};
  for (const match of table.matchAll(/^\| `([^`]+)` \| (\w+) \|/gm)) {
    if (match[1] !== undefined && match[2] !== undefined) rows[match[1]] = match[2];
  }
  return rows;
}

describe("noticeKind", () => {
  it("the README's notice type table is the code's table", () => {
    expect(readmeTable("### Notice type → kind")).toEqual(NOTICE_TYPE_KINDS);
    expect(readmeTable("### Form type → kind")).toEqual(FORM_TYPE_KINDS);
  });

  it.each(Object.entries(NOTICE_TYPE_KINDS))("notice type %s is %s", (noticeType, kind) => {
    expect(noticeKind({ noticeType, formType: null, changesNotice: false, changeReason: null })).toBe(kind);
  });

  it("a notice that names a notice it changes is a change, whatever its type", () => {
    for (const noticeType of ["cn-standard", "can-standard", "pin-only", "can-modif"]) {
      expect(
        noticeKind({ noticeType, formType: "competition", changesNotice: true, changeReason: "update-add" }),
      ).toBe("change");
    }
  });

  it("a change whose reason is cancel is a cancellation", () => {
    expect(
      noticeKind({ noticeType: "cn-standard", formType: null, changesNotice: true, changeReason: "cancel" }),
    ).toBe("cancellation");
    expect(
      noticeKind({ noticeType: "cn-standard", formType: null, changesNotice: true, changeReason: "cor-buy" }),
    ).toBe("change");
  });

  it("falls back to the form type, then to null; inherited property names are no types", () => {
    expect(
      noticeKind({
        noticeType: "cn-future",
        formType: "competition",
        changesNotice: false,
        changeReason: null,
      }),
    ).toBe("competition");
    expect(
      noticeKind({ noticeType: "x", formType: "y", changesNotice: false, changeReason: null }),
    ).toBeNull();
    expect(
      noticeKind({ noticeType: null, formType: null, changesNotice: false, changeReason: null }),
    ).toBeNull();
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      expect(
        noticeKind({ noticeType: name, formType: name, changesNotice: false, changeReason: null }),
      ).toBeNull();
    }
  });
});
