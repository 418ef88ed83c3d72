import { readFileSync } from "node:fs";
import { ocdsReleaseProcedure, parseJsonLenient } from "@tender/ingest";
import { describe, expect, it } from "vitest";
import { FTS_FIXTURES, ftsFixturePath } from "./fts-fixtures.js";
import { findATenderSource } from "./fts-source.js";

type Release = { ocid: string; id: string };
const releases = (name: string): Release[] =>
  (parseJsonLenient(readFileSync(ftsFixturePath(name), "utf8")) as { releases: Release[] }).releases;
// Without its buyers (mapped by the shared core, tested there): where the release stands.
const placeOf = (release: unknown) => {
  const procedure = findATenderSource.procedure?.(release);
  if (!procedure) return procedure;
  const { buyers: _, ...place } = procedure;
  return place;
};
const byRelease = (name: string) => releases(name).map((release) => [release.ocid, placeOf(release)]);
// OCDS release ids are unique within their ocid only (idWithinProcedure). Each names no Contracts Finder notice; the other portal can name it by its ocid and notice id.
const own = (ocid: string, kind: string, notice: string) => [
  ocid,
  {
    key: ocid,
    kind,
    supersedes: null,
    idWithinProcedure: true,
    portal: { keys: [`find-a-tender:ocid:${ocid}`, `find-a-tender:notice:${notice}`], names: null },
  },
];

// Written out by hand from each release's ocid, id, tag and amendments[].amendsReleaseID.
describe("Find a Tender procedures on recorded releases", () => {
  it("are mapped by the shared OCDS procedure mapping", () => {
    expect(findATenderSource.procedure).toBe(ocdsReleaseProcedure);
  });

  it("read the award, amendment and planning releases by their tags", () => {
    expect(byRelease(FTS_FIXTURES.lifecyclePage)).toEqual([
      own("ocds-h6vhtk-065444", "modification", "083674-2026"), // contractAmendment
      own("ocds-h6vhtk-06f1b4", "planning", "083664-2026"),
      own("ocds-h6vhtk-06f1ad", "planning", "083655-2026"),
      own("ocds-h6vhtk-06f19e", "result", "083608-2026"), // award, contract
      own("ocds-h6vhtk-06f1b2", "competition", "083662-2026"), // tender
    ]);
    expect(byRelease(FTS_FIXTURES.awardRelease)).toEqual([
      own("ocds-h6vhtk-06f1a9", "result", "083650-2026"),
    ]);
  });

  it("read every release of the recorded tender page as a call for competition", () => {
    const page = releases(FTS_FIXTURES.tenderPage);
    expect(page).toHaveLength(20);
    for (const release of page)
      expect([release.ocid, placeOf(release)]).toEqual(own(release.ocid, "competition", release.id));
  });
});
