import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { SearchRequest } from "./search-request.js";
import { TenderFilters } from "./tender-filters.js";
import { toValidationIssues } from "./to-validation-issues.js";

const issues = (filters: unknown) =>
  toValidationIssues(v.safeParse(SearchRequest, { query: "road repair", filters }).issues ?? []);

describe("TenderFilters", () => {
  it("accepts every filter and normalizes amounts, dates, ids and the buyer", () => {
    expect(
      v.parse(TenderFilters, {
        sources: ["ted", "contracts_finder"],
        countries: ["FR", "GB"],
        cpv: ["45", "45233141"],
        buyer: "  Umbra Acque ",
        currency: "EUR",
        amount_min: "10",
        amount_max: "10.5",
        published_from: "2026-05-01T00:00:00+02:00",
        published_to: "2026-06-01T00:00:00Z",
        deadline_from: "2026-06-01T00:00:00Z",
        deadline_to: "2026-07-01T00:00:00Z",
        open: true,
        tender_ids: ["3F2C8A4E-1B7D-4C6E-9A0F-5D2E8B7C1A90"],
      }),
    ).toEqual({
      sources: ["ted", "contracts_finder"],
      countries: ["FR", "GB"],
      cpv: ["45", "45233141"],
      buyer: "Umbra Acque",
      currency: "EUR",
      amount_min: "10.00",
      amount_max: "10.50",
      published_from: "2026-04-30T22:00:00.000Z",
      published_to: "2026-06-01T00:00:00.000Z",
      deadline_from: "2026-06-01T00:00:00.000Z",
      deadline_to: "2026-07-01T00:00:00.000Z",
      open: true,
      tender_ids: ["3f2c8a4e-1b7d-4c6e-9a0f-5d2e8b7c1a90"],
    });
    expect(v.parse(SearchRequest, { query: "abc" })).toEqual({ query: "abc", limit: 5 });
    expect(v.parse(TenderFilters, {})).toEqual({});
  });

  it("refuses an unknown key and wrong types, one issue each", () => {
    expect(issues({ country: ["FR"], open: "yes", cpv: "45", sources: ["ted", "ted"] })).toEqual([
      { path: "/filters/sources", message: "Must not list a source twice" },
      { path: "/filters/cpv", message: "Must be an array" },
      { path: "/filters/open", message: "Must be true or false" },
      { path: "/filters/country", message: "Unknown field is not allowed" },
    ]);
    expect(issues("FR")).toEqual([{ path: "/filters", message: "Must be an object" }]);
  });

  it("bounds every list and the buyer", () => {
    expect(issues({ countries: [], cpv: Array(51).fill("45"), buyer: "   " })).toEqual([
      { path: "/filters/countries", message: "Must list at least one value" },
      { path: "/filters/cpv", message: "Must list at most 50 values" },
      { path: "/filters/buyer", message: "Must not be empty after trimming" },
    ]);
    expect(
      issues({ buyer: "x".repeat(201), tender_ids: Array(101).fill("3f2c8a4e-1b7d-4c6e-9a0f-5d2e8b7c1a90") }),
    ).toEqual([
      { path: "/filters/buyer", message: "Must be at most 200 characters after trimming" },
      { path: "/filters/tender_ids", message: "Must list at most 100 values" },
    ]);
    // The fuzz of saved searches found it: jsonb refuses a lone surrogate, so it is refused here.
    expect(issues({ buyer: "a\udfffb" })).toEqual([
      { path: "/filters/buyer", message: "Must not contain a lone UTF-16 surrogate (half of a character)" },
    ]);
    expect(issues({ countries: ["fr", "GRC"], cpv: ["4", "123456789", "45-1"] }).map((i) => i.path)).toEqual([
      "/filters/countries/0",
      "/filters/countries/1",
      "/filters/cpv/0",
      "/filters/cpv/1",
      "/filters/cpv/2",
    ]);
  });

  it("refuses control characters in the buyer, NUL first of all (PostgreSQL cannot hold it)", () => {
    for (const buyer of ["a\u0000b", "line\nbreak", "\u007f"]) {
      expect(issues({ buyer })).toEqual([
        { path: "/filters/buyer", message: "Must not contain control characters" },
      ]);
    }
  });

  it("refuses inverted ranges and amount bounds without currency, with the other problems", () => {
    expect(
      issues({
        published_from: "2026-06-01T00:00:00Z",
        published_to: "2026-06-01T00:00:00Z",
        deadline_from: "2026-06-02T00:00:00Z",
        deadline_to: "2026-06-01T00:00:00Z",
        amount_min: "100.01",
        amount_max: "100",
        open: 1,
      }),
    ).toEqual([
      { path: "/filters/open", message: "Must be true or false" },
      { path: "/filters/published_to", message: "Must be later than published_from" },
      { path: "/filters/deadline_to", message: "Must be later than deadline_from" },
      { path: "/filters/amount_max", message: "Must not be less than amount_min" },
      { path: "/filters/amount_min", message: "An amount bound needs currency" },
      { path: "/filters/amount_max", message: "An amount bound needs currency" },
    ]);
    expect(issues({ currency: "EUR", amount_min: "100", amount_max: "100.00" })).toEqual([]);
    // Compared exactly, beyond what a float holds.
    expect(
      issues({ currency: "EUR", amount_min: "999999999999999999.99", amount_max: "999999999999999999.98" }),
    ).toEqual([{ path: "/filters/amount_max", message: "Must not be less than amount_min" }]);
  });
});
