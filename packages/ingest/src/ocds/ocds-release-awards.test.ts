import { describe, expect, it } from "vitest";
import { ocdsReleaseAwards } from "./ocds-release-awards.js";

// Hand-written from the OCDS 1.1 schema: the parts the real fixtures do not exercise.
const release = {
  ocid: "ocds-x-1",
  id: "ocds-x-1-award",
  tag: ["award"],
  buyer: { id: "B", name: "Buyer Council" },
  parties: [
    { id: "B", name: "Buyer Council", address: { countryName: "England" } },
    {
      id: "S1",
      name: "Acme Ltd",
      identifier: { scheme: "GB-COH", id: "01234567" },
      address: { country: "GB" },
    },
    {
      id: "S2",
      name: "Beta GmbH",
      identifier: { scheme: "DE-CR", id: "HRB 1" },
      address: { countryName: "Germany" },
    },
  ],
  tender: { numberOfTenderers: 7 },
  bids: {
    statistics: [
      { id: "1", measure: "bids", value: 4, relatedLot: "LOT-1" },
      { id: "2", measure: "validBids", value: 3, relatedLot: "LOT-1" },
      { id: "3", measure: "bids", value: 9 },
    ],
  },
  awards: [
    {
      id: "A1",
      status: "active",
      date: "2026-03-01T10:00:00-05:00",
      value: { amount: "1200.5", currency: "gbp" },
      suppliers: [{ id: "S1", name: "ACME LIMITED" }, { id: "S2" }],
      relatedLots: ["LOT-1", "LOT-1"],
    },
    { id: "A2", status: "unsuccessful", relatedLots: ["LOT-2", "LOT-3"] },
    { id: "A3", status: "cancelled", value: { amount: -5, currency: "GBP" } },
  ],
};

describe("ocdsReleaseAwards", () => {
  it("reads winners from parties, the lot's tender count, statuses, and a value as written", () => {
    const { buyer, awards, unreadable } = ocdsReleaseAwards(release);
    expect(buyer).toEqual({ name: "Buyer Council", identifier: null, scheme: null, country: "GB" });
    expect(unreadable).toBeNull();
    expect(awards).toEqual([
      {
        lot: "LOT-1",
        status: "awarded",
        // The supplier's own spelling first; the parties entry gives identifier and country.
        winners: [
          { name: "ACME LIMITED", identifier: "01234567", scheme: "GB-COH", country: "GB" },
          { name: "Beta GmbH", identifier: "HRB 1", scheme: "DE-CR", country: "DE" },
        ],
        value: "1200.50",
        currency: "GBP",
        // The day written, not the UTC day (2026-03-01T15:00Z): the same here.
        decidedAt: "2026-03-01",
        contractSignedAt: null,
        contractEnd: null,
        tendersReceived: 4,
        framework: null,
      },
      {
        lot: "LOT-2, LOT-3",
        status: "not-awarded",
        winners: [],
        value: null,
        currency: null,
        decidedAt: null,
        contractSignedAt: null,
        contractEnd: null,
        // No statistic for these lots: the release's own count of bids.
        tendersReceived: 9,
        framework: null,
      },
      {
        lot: null,
        status: "not-awarded",
        winners: [],
        // A negative amount is no price, and a currency without one says nothing.
        value: null,
        currency: null,
        decidedAt: null,
        contractSignedAt: null,
        contractEnd: null,
        tendersReceived: 9,
        framework: null,
      },
    ]);
  });

  it("falls back to tender.numberOfTenderers, and maps a payload that is no release to nothing", () => {
    const { bids: _bids, ...withoutBids } = release;
    expect(ocdsReleaseAwards(withoutBids).awards.map((a) => a.tendersReceived)).toEqual([7, 7, 7]);
    for (const payload of [null, "x", [], { awards: "x", parties: {}, buyer: 3 }]) {
      expect(ocdsReleaseAwards(payload).awards).toEqual([]);
    }
  });
});
