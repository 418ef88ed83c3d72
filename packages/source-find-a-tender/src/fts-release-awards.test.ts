import { readFileSync } from "node:fs";
import { ocdsReleaseAwards, parseJsonLenient } from "@tender/ingest";
import { describe, expect, it } from "vitest";
import { FTS_FIXTURES, ftsFixturePath } from "./fts-fixtures.js";
import { findATenderSource } from "./fts-source.js";

type Release = { ocid: string };
const releases = (name: string): Release[] =>
  (parseJsonLenient(readFileSync(ftsFixturePath(name), "utf8")) as { releases: Release[] }).releases;
const awardsOf = (name: string) =>
  Object.fromEntries(releases(name).map((release) => [release.ocid, findATenderSource.awards?.(release)]));
const party = (name: string, identifier: string | null, scheme: string | null, country: string | null) => ({
  name,
  identifier,
  scheme,
  country,
});
const award = {
  lot: null,
  status: null,
  winners: [],
  value: null,
  currency: null,
  decidedAt: null,
  contractSignedAt: null,
  contractEnd: null,
  tendersReceived: null,
  framework: null,
};

// Written out by hand from each release's awards[], contracts[], parties[] and buyer.
describe("Find a Tender awards on recorded releases", () => {
  it("are mapped by the shared OCDS award mapping", () => {
    expect(findATenderSource.awards).toBe(ocdsReleaseAwards);
  });

  it("read the award and contract notice 083650-2026: PPON supplier, value, contract end", () => {
    expect(awardsOf(FTS_FIXTURES.awardRelease)["ocds-h6vhtk-06f1a9"]).toEqual({
      buyer: party("Wiltshire Council", "PDZR-9968-RYYY", "GB-PPON", "GB"),
      awards: [
        {
          ...award,
          lot: "1",
          status: "awarded",
          winners: [party("Oxford Brookes Enterprises Limited", "PYDR-3797-LZLJ", "GB-PPON", "GB")],
          value: "32800.00",
          currency: "GBP",
          decidedAt: "2026-09-03",
          // awards[0].contractPeriod.endDate 2027-03-31T23:59:59+01:00: the day as written.
          contractEnd: "2027-03-31",
        },
      ],
      unreadable: null,
    });
  });

  it("read the lifecycle page: a contract amendment, two planning notices, an award with its contract, a tender", () => {
    const mapped = awardsOf(FTS_FIXTURES.lifecyclePage);
    // contractAmendment 083674-2026: a contract whose award is not in the release.
    expect(mapped["ocds-h6vhtk-065444"]).toEqual({
      buyer: party("The Water Services Regulation Authority", "PPCX-7855-VXBT", "GB-PPON", "GB"),
      awards: [{ ...award, value: "35000.00", currency: "GBP", contractEnd: "2026-08-21" }],
      unreadable: null,
    });
    expect(mapped["ocds-h6vhtk-06f1b4"]).toEqual({
      buyer: party("Government Property Agency", "PGHR-3329-MDGL", "GB-PPON", "GB"),
      awards: [],
      unreadable: null,
    });
    expect(mapped["ocds-h6vhtk-06f1ad"]?.awards).toEqual([]);
    // award + contract 083608-2026: a supplier with an FTS id but no identifier; the contract's value.
    expect(mapped["ocds-h6vhtk-06f19e"]).toEqual({
      buyer: party("West Northamptonshire Council", "PGDV-8944-CMBP", "GB-PPON", "GB"),
      awards: [
        {
          ...award,
          lot: "2760",
          status: "awarded",
          winners: [party("star cab daventry limited", null, null, "GB")],
          value: "0.01",
          currency: "GBP",
          contractSignedAt: "2026-09-03",
          contractEnd: "2026-09-20",
        },
      ],
      unreadable: null,
    });
    expect(mapped["ocds-h6vhtk-06f1b2"]?.awards).toEqual([]);
  });
});
