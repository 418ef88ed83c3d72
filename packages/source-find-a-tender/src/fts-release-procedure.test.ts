import { readFileSync } from "node:fs";
import { ocdsReleaseProcedure, parseJsonLenient } from "@tender/ingest";
import { describe, expect, it } from "vitest";
import { FTS_FIXTURES, ftsFixturePath } from "./fts-fixtures.js";
import { findATenderSource } from "./fts-source.js";

type Release = { ocid: string };
const releases = (name: string): Release[] =>
  (parseJsonLenient(readFileSync(ftsFixturePath(name), "utf8")) as { releases: Release[] }).releases;
const byRelease = (name: string) =>
  releases(name).map((release) => [release.ocid, findATenderSource.procedure?.(release)]);
// OCDS release ids are unique within their ocid only: a notice's id is only its within its procedure.
const own = (ocid: string, kind: string) => [
  ocid,
  { key: ocid, kind, supersedes: null, idWithinProcedure: true },
];

// Written out by hand from each release's ocid, tag and amendments[].amendsReleaseID.
describe("Find a Tender procedures on recorded releases", () => {
  it("are mapped by the shared OCDS procedure mapping", () => {
    expect(findATenderSource.procedure).toBe(ocdsReleaseProcedure);
  });

  it("read the award, amendment and planning releases by their tags", () => {
    expect(byRelease(FTS_FIXTURES.lifecyclePage)).toEqual([
      own("ocds-h6vhtk-065444", "modification"), // contractAmendment
      own("ocds-h6vhtk-06f1b4", "planning"),
      own("ocds-h6vhtk-06f1ad", "planning"),
      own("ocds-h6vhtk-06f19e", "result"), // award, contract
      own("ocds-h6vhtk-06f1b2", "competition"), // tender
    ]);
    expect(byRelease(FTS_FIXTURES.awardRelease)).toEqual([own("ocds-h6vhtk-06f1a9", "result")]);
  });

  it("read every release of the recorded tender page as a call for competition", () => {
    const mapped = byRelease(FTS_FIXTURES.tenderPage);
    expect(mapped).toHaveLength(20);
    for (const [ocid, procedure] of mapped)
      expect([ocid, procedure]).toEqual(own(ocid as string, "competition"));
  });
});
