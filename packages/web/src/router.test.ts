import { describe, expect, it } from "vitest";
import { organisationHref, routeOf, tenderHref } from "./router.js";

const ID = "0B6F3C1E-7A2D-4E5F-8C9B-1A2B3C4D5E6F";

describe("routeOf", () => {
  it("reads the organisation, organisation search and expiring contracts pages", () => {
    expect(routeOf(`/app/organisations/${ID}`, "")).toEqual({ page: "organisation", id: ID.toLowerCase() });
    expect(routeOf("/app/organisations", "?q=acme&role=buyer")).toEqual({
      page: "organisations",
      search: "?q=acme&role=buyer",
    });
    expect(routeOf("/app/expiring", "?contract_end_from=2027-01-01")).toEqual({
      page: "expiring",
      search: "?contract_end_from=2027-01-01",
    });
  });

  it("leaves what is not an id or a page as missing", () => {
    for (const path of [
      "/app/organisations/acme",
      "/app/organisations/",
      `/app/organisations/${ID}/x`,
      "/app/expiring/x",
    ])
      expect(routeOf(path, ""), path).toEqual({ page: "missing" });
  });

  it("builds the links the pages read back", () => {
    const id = ID.toLowerCase();
    expect(routeOf(organisationHref(id), "")).toEqual({ page: "organisation", id });
    expect(routeOf(tenderHref(id), "")).toEqual({ page: "tender", id });
  });
});
