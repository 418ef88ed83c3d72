import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { organisationQueryOf, organisationQueryParams } from "./organisation-query.js";

describe("organisationQueryOf", () => {
  it("reads q, role and country, dropping what the API would refuse", () => {
    expect(organisationQueryOf("?q=%20acme%20ltd%20&role=supplier&country=gb")).toEqual({
      q: "acme ltd",
      role: "supplier",
      country: "GB",
    });
    expect(organisationQueryOf("?role=admin&country=GBR")).toEqual({ q: "", role: "", country: "" });
  });

  it("round-trips through the URL for any text", () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom("", "buyer", "supplier"), (q, role) => {
        const query = organisationQueryOf(`?${new URLSearchParams({ q, role })}`);
        expect(organisationQueryOf(`?${organisationQueryParams(query)}`)).toEqual(query);
        expect(query.q).toBe(q.trim());
      }),
    );
  });
});
