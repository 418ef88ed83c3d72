import { NOTICE_CHANGE_FIELDS, type NoticeChange } from "@tender/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { changeLine, MAX_LISTED_DOCUMENTS } from "./change-line.js";

describe("a change of a change notice, as the timeline reads it", () => {
  it("moves the deadline of the real TED pair 657981-2026 → 674231-2026 from 29 Oct to 4 Nov 2026", () => {
    expect(
      changeLine({ field: "deadline", from: "2026-10-29T09:00:00.000Z", to: "2026-11-04T09:00:00.000Z" }),
    ).toEqual({ shape: "pair", label: "Deadline", from: "29 Oct 2026", to: "4 Nov 2026", sourceText: false });
  });

  it("shows the times of two deadlines on the same day, and a missing one as none", () => {
    expect(
      changeLine({ field: "deadline", from: "2026-10-29T09:00:00.000Z", to: "2026-10-29T14:30:00.000Z" }),
    ).toMatchObject({ from: "29 Oct 2026, 09:00 UTC", to: "29 Oct 2026, 14:30 UTC" });
    expect(changeLine({ field: "deadline", from: null, to: "2026-10-29T09:00:00.000Z" })).toMatchObject({
      from: "none",
      to: "29 Oct 2026",
    });
  });

  it("formats amounts with their currency, and marks titles as text from the source", () => {
    expect(changeLine({ field: "amount", from: "5300000.00 CZK", to: null })).toMatchObject({
      label: "Amount",
      from: "CZK\u00a05,300,000.00",
      to: "not stated",
    });
    expect(changeLine({ field: "title", from: "Old", to: "New" })).toMatchObject({
      from: "Old",
      to: "New",
      sourceText: true,
    });
  });

  it("lists documents added (to) and removed (from), counting those past the limit", () => {
    const names = Array.from({ length: MAX_LISTED_DOCUMENTS + 3 }, (_, i) => `lot-${i}.pdf`);
    expect(changeLine({ field: "documents_added", from: null, to: names })).toEqual({
      shape: "list",
      label: "Documents added",
      items: names.slice(0, MAX_LISTED_DOCUMENTS),
      more: 3,
    });
    expect(changeLine({ field: "documents_removed", from: ["plan.pdf"], to: null })).toMatchObject({
      items: ["plan.pdf"],
      more: 0,
    });
  });

  it("reads any change the contract allows without throwing or losing a document", () => {
    const value = fc.oneof(fc.constant(null), fc.string(), fc.array(fc.string(), { maxLength: 60 }));
    fc.assert(
      fc.property(fc.constantFrom(...NOTICE_CHANGE_FIELDS), value, value, (field, from, to) => {
        const line = changeLine({ field, from, to } as NoticeChange);
        if (line.shape === "list") {
          const listed = field === "documents_added" ? to : from;
          const count = listed === null ? 0 : typeof listed === "string" ? 1 : listed.length;
          expect(line.items.length + line.more).toBe(count);
        } else {
          expect(typeof line.from).toBe("string");
          expect(typeof line.to).toBe("string");
        }
      }),
    );
  });
});
