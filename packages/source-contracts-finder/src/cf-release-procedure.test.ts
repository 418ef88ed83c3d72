import { readFileSync } from "node:fs";
import { NOTICE_KINDS } from "@tender/contracts";
import { ocdsReleaseProcedure } from "@tender/ingest";
import { hostileOcdsReleaseArb } from "@tender/ingest/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CF_FIXTURES, cfFixturePath } from "./cf-fixtures.js";
import { contractsFinderSource } from "./cf-source.js";

type Release = { ocid: string; id: string };
const releases = (name: string): Release[] =>
  JSON.parse(readFileSync(cfFixturePath(name), "utf8").replaceAll("Infinity", "null")).releases;
// Without its buyers (tested on their own below): where the release stands is what these check.
const placeOf = (release: unknown) => {
  const procedure = ocdsReleaseProcedure(release);
  if (procedure === null) return null;
  const { buyers: _, ...place } = procedure;
  return place;
};
const byRelease = (name: string) => releases(name).map((release) => [release.ocid, placeOf(release)]);

// Written out by hand from each release's ocid, tag and amendments[].amendsReleaseID.
describe("ocdsReleaseProcedure on recorded releases", () => {
  it("is the procedure hook of Contracts Finder", () => {
    expect(contractsFinderSource.procedure).toBe(ocdsReleaseProcedure);
  });

  it("follows the fictional lifecycle of one ocid, the amendment naming the tender release", () => {
    const ocid = "ocds-213czf-000-00001";
    expect(byRelease(CF_FIXTURES.fictionalLifecycle).map(([, p]) => p)).toEqual([
      { key: ocid, kind: "planning", supersedes: null, idWithinProcedure: true },
      { key: ocid, kind: "competition", supersedes: null, idWithinProcedure: true },
      { key: ocid, kind: "change", supersedes: "ocds-213czf-000-00001-02-tender", idWithinProcedure: true },
      { key: ocid, kind: "result", supersedes: null, idWithinProcedure: true }, // award
      { key: ocid, kind: "result", supersedes: null, idWithinProcedure: true }, // contract
      { key: ocid, kind: "result", supersedes: null, idWithinProcedure: true }, // implementation
    ]);
  });

  // Issue 32: the buyer every release of a procedure must share for one to change another.
  it("gives every release of the fictional lifecycle the same buyer", () => {
    const buyers = releases(CF_FIXTURES.fictionalLifecycle).map((r) => ocdsReleaseProcedure(r)?.buyers);
    expect(buyers[0]?.length).toBeGreaterThan(0);
    for (const b of buyers) expect(b).toEqual(buyers[0]);
  });

  it("reads every recorded Contracts Finder tender release as a call for competition", () => {
    for (const name of [CF_FIXTURES.searchTenderPage, CF_FIXTURES.searchTenderLimit2Page]) {
      for (const release of releases(name)) {
        // The notice id is the uuid the release id starts with (`<uuid>-<sequence>`); none of
        // them names a Find a Tender notice.
        const notice = release.id.slice(0, 36);
        expect(placeOf(release)).toEqual({
          key: release.ocid,
          kind: "competition",
          supersedes: null,
          idWithinProcedure: true,
          portal: {
            keys: [`contracts-finder:ocid:${release.ocid}`, `contracts-finder:notice:${notice}`],
            names: null,
          },
        });
      }
    }
  });
});

describe("ocdsReleaseProcedure on other releases", () => {
  it.each([
    [["tenderCancellation", "tender"], "cancellation"],
    [["tenderUpdate"], "change"],
    [["planningUpdate"], "planning"],
    [["awardUpdate"], "result"],
    [[" tender "], "competition"],
    [["compiled"], "competition"],
    ["contractAmendment", "modification"],
  ])("tag %j is %s", (tag, kind) => {
    expect(ocdsReleaseProcedure({ ocid: "ocds-x-1", tag })?.kind).toBe(kind);
  });

  it("prefers the amendment this release records and never names the release itself", () => {
    const amendments = [
      { releaseID: "r3", amendsReleaseID: "r2" },
      { releaseID: "r2", amendsReleaseID: "r1" },
    ];
    expect(placeOf({ ocid: "o", id: "r3", tag: ["tenderAmendment"], tender: { amendments } })).toEqual({
      key: "o",
      kind: "change",
      supersedes: "r2",
      idWithinProcedure: true,
    });
    const self = { releaseID: "r4", amendsReleaseID: "r4" };
    expect(
      ocdsReleaseProcedure({ ocid: "o", id: "r4", awards: [{ amendments: [self] }] })?.supersedes,
    ).toBeNull();
  });

  it("maps no procedure without an ocid, and a known kind for any release", () => {
    expect(ocdsReleaseProcedure({ ocid: "  ", tag: ["tender"] })).toBeNull();
    fc.assert(
      fc.property(
        fc.oneof(
          hostileOcdsReleaseArb("ocds-x-1", "r1").map(({ json }) => JSON.parse(json)),
          fc.anything(),
        ),
        (release) => {
          const procedure = ocdsReleaseProcedure(release);
          if (procedure !== null) expect(NOTICE_KINDS).toContain(procedure.kind);
        },
      ),
    );
  });
});
