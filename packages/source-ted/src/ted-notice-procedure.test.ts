import { readFileSync } from "node:fs";
import { NOTICE_KINDS } from "@tender/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tedDeadline } from "./ted-deadline.js";
import { TED_FIXTURES, tedFixturePath } from "./ted-fixtures.js";
import { tedNoticeProcedure } from "./ted-notice-procedure.js";

type Notice = Record<string, unknown>;
const read = (name: string): unknown => JSON.parse(readFileSync(tedFixturePath(name), "utf8"));
const page = (name: string) => (read(name) as { notices: Notice[] }).notices;
// Without its buyers (tested on their own below): where the notice stands is what these check.
const placeOf = (notice: unknown) => {
  const procedure = tedNoticeProcedure(notice);
  if (procedure === null) return null;
  const { buyers: _, ...place } = procedure;
  return place;
};
const byNumber = (notices: Notice[]) =>
  Object.fromEntries(notices.map((n) => [n["publication-number"], placeOf(n)]));

const PROCEDURE = "f08aa593-61f7-418e-90ec-043a09cc23b1";

// Written out by hand from each payload's procedure-identifier, notice-type / form-type and
// change-notice-version-identifier.
describe("tedNoticeProcedure on recorded notices", () => {
  it("links the real change notice 674231-2026 to 657981-2026 and moves the deadline a week", () => {
    const [original, change] = page(TED_FIXTURES.changeNoticePair) as [Notice, Notice];
    expect(byNumber([original, change])).toEqual({
      "657981-2026": { key: PROCEDURE, kind: "competition", supersedes: null },
      "674231-2026": { key: PROCEDURE, kind: "change", supersedes: "657981-2026" },
    });
    expect(tedDeadline(original)).toEqual({ deadline: "2026-10-29T09:00:00.000Z" });
    expect(tedDeadline(change)).toEqual({ deadline: "2026-11-04T09:00:00.000Z" });
  });

  it("reads the result notice 291981-2026 as a result of its own procedure (no procedure-identifier)", () => {
    expect(placeOf(read(TED_FIXTURES.resultNotice291981))).toEqual({
      key: "291981-2026",
      kind: "result",
      supersedes: null,
    });
  });

  it("reads calls for competition and results from form-type on the digital page", () => {
    const own = (number: string, kind: string) => ({ key: number, kind, supersedes: null });
    expect(byNumber(page(TED_FIXTURES.digitalCompetitionPage))).toEqual({
      "367831-2026": own("367831-2026", "competition"), // cn-standard
      "368708-2026": own("368708-2026", "result"), // can-standard
      "368822-2026": own("368822-2026", "competition"),
      "368879-2026": own("368879-2026", "competition"), // pin-cfc-standard, form-type competition
      "368912-2026": own("368912-2026", "result"),
      "368900-2026": own("368900-2026", "result"),
      "369161-2026": own("369161-2026", "result"),
      "369526-2026": own("369526-2026", "competition"),
      "369074-2026": own("369074-2026", "result"),
      "369693-2026": own("369693-2026", "competition"),
    });
  });

  // Issue 32, finding 4: the buyer a change must share with the notice it changes.
  it("gives the real change pair one buyer, and a notice of no buyer none", () => {
    const [original, change] = page(TED_FIXTURES.changeNoticePair) as [Notice, Notice];
    const buyers = tedNoticeProcedure(original)?.buyers ?? [];
    expect(buyers.length).toBeGreaterThan(0);
    expect(tedNoticeProcedure(change)?.buyers).toEqual(buyers);
    expect(tedNoticeProcedure({ "publication-number": "1-2026" })?.buyers).toEqual([]);
    const joint = {
      "publication-number": "1-2026",
      "buyer-name": { eng: ["Mallory AG", "Oxford  City Council"] },
    };
    expect(tedNoticeProcedure(joint)?.buyers).toEqual(["name:mallory", "name:oxford city council"]);
  });

  it("reads a notice fetched without notice-type or form-type as a call for competition", () => {
    const kinds = page(TED_FIXTURES.itSoftwareSwedenPage).map((n) => tedNoticeProcedure(n)?.kind);
    expect(kinds).toEqual(["competition", "competition", "competition", "competition", "competition"]);
  });
});

describe("tedNoticeProcedure on other notice types", () => {
  it.each([
    [{ "notice-type": "pin-only" }, "planning"],
    [{ "notice-type": "can-modif" }, "modification"],
    [{ "form-type": "cont-modif", "notice-type": "can-modif" }, "modification"],
    [{ "notice-type": "veat" }, "result"],
    [{ "notice-type": "corr" }, "change"],
    [{ "form-type": ["PLANNING"] }, "planning"],
    [{ "notice-type": "pmc", "form-type": "consultation" }, "planning"],
    [
      {
        "notice-type": "cn-standard",
        "change-notice-version-identifier": "2-2026",
        "BT-140-notice": ["cancel"],
      },
      "cancellation",
    ],
    [{ "form-type": "constructor", "notice-type": "toString" }, "competition"],
  ])("%j is %s", (fields, kind) => {
    expect(tedNoticeProcedure({ "publication-number": "1-2026", ...fields })?.kind).toBe(kind);
  });

  it("ignores a change-notice-version-identifier naming the notice itself", () => {
    const notice = { "publication-number": "5-2026", "change-notice-version-identifier": " 5-2026 " };
    expect(placeOf(notice)).toEqual({ key: "5-2026", kind: "competition", supersedes: null });
  });

  it("falls back to the notice's own procedure when procedure-identifier cannot be stored", () => {
    for (const bad of ["x".repeat(513), "f08a\u0000", "\ud800", "  "]) {
      const notice = { "publication-number": "7-2026", "procedure-identifier": bad };
      expect(tedNoticeProcedure(notice)?.key).toBe("7-2026");
    }
  });

  it("maps no procedure without a publication number", () => {
    expect(tedNoticeProcedure({ "procedure-identifier": PROCEDURE })).toBeNull();
    expect(tedNoticeProcedure(null)).toBeNull();
  });

  it("never throws and always answers a known kind and a non-blank key, whatever the payload", () => {
    const hostile = fc.oneof(
      fc.string({ unit: "binary" }),
      fc.string({ minLength: 500, maxLength: 600 }),
      fc.constantFrom("a\u0000b", "\ud800", " 1-2026 ", "\n"),
    );
    const field = fc.oneof(fc.string(), fc.array(hostile), hostile, fc.anything());
    const notice = fc.record(
      {
        "publication-number": field,
        "procedure-identifier": field,
        "notice-type": field,
        "form-type": field,
        "change-notice-version-identifier": field,
        "BT-140-notice": field,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(notice, fc.anything()), (payload) => {
        const procedure = tedNoticeProcedure(payload);
        if (procedure === null) return;
        expect(NOTICE_KINDS).toContain(procedure.kind);
        for (const key of [procedure.key, procedure.supersedes ?? "x"]) {
          expect(key.trim()).toBe(key);
          expect(key).not.toBe("");
          expect([...key].length).toBeLessThanOrEqual(512);
          expect(key).not.toMatch(/\p{Cc}/u);
          expect(key.isWellFormed()).toBe(true);
        }
      }),
    );
  });
});
