import { readFileSync } from "node:fs";
import { ocdsReleaseAwards, parseJsonLenient } from "@tender/ingest";
import { describe, expect, it } from "vitest";
import { CF_FIXTURES, cfFixturePath } from "./cf-fixtures.js";
import { contractsFinderSource } from "./cf-source.js";

type Release = { id: string };
const releases = (name: string): Release[] =>
  (parseJsonLenient(readFileSync(cfFixturePath(name), "utf8")) as { releases: Release[] }).releases;

const BARNET = { name: "London Borough of Barnet", identifier: "E09000003", scheme: "GB-LAC", country: "GB" };
const ANYCORP = {
  name: "AnyCorp Cycle Provision",
  identifier: "11111111.0",
  scheme: "GB-COH",
  country: "GB",
};
const CYCLE_LANES = {
  lot: null,
  status: "awarded",
  winners: [ANYCORP],
  value: "11000000.00",
  currency: "GBP",
  decidedAt: "2010-05-10",
  contractSignedAt: "2010-06-10",
  contractEnd: "2011-06-30",
  tendersReceived: null,
  framework: null,
};

// Written out by hand from the FICTIONAL OCDS lifecycle (planning → tender → amendment → award →
// contract → implementation): awards[], contracts[] (awardID), parties[] and tender.numberOfTenderers.
describe("Contracts Finder awards on the FICTIONAL OCDS lifecycle", () => {
  const mapped = Object.fromEntries(
    releases(CF_FIXTURES.fictionalLifecycle).map((release) => [
      release.id,
      contractsFinderSource.awards?.(release),
    ]),
  );

  it("are mapped by the shared OCDS award mapping", () => {
    expect(contractsFinderSource.awards).toBe(ocdsReleaseAwards);
  });

  it("has no awards before the award, and the buyer on every release", () => {
    for (const id of ["01-planning", "02-tender", "03-tenderAmendment"]) {
      expect(mapped[`ocds-213czf-000-00001-${id}`]).toEqual({ buyer: BARNET, awards: [], unreadable: null });
    }
  });

  it("reads the pending award with the tenders received and no contract yet", () => {
    expect(mapped["ocds-213czf-000-00001-04-award"]?.awards).toEqual([
      { ...CYCLE_LANES, status: "open", contractSignedAt: null, tendersReceived: 2 },
    ]);
  });

  it("joins the signed contract to its award by awardID", () => {
    expect(mapped["ocds-213czf-000-00001-05-contract"]?.awards).toEqual([CYCLE_LANES]);
    expect(mapped["ocds-213czf-000-00001-06-implementation"]?.awards).toEqual([CYCLE_LANES]);
  });
});
