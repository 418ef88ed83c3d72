import { describe, expect, it } from "vitest";
import { allowedHostsFor } from "./allowed-hosts-for.js";

describe("allowedHostsFor", () => {
  it("is SYNC_ALLOWED_HOSTS when set, else the base URL's host with its port", () => {
    expect(allowedHostsFor("https://www.contractsfinder.service.gov.uk", undefined)).toEqual([
      "www.contractsfinder.service.gov.uk",
    ]);
    expect(allowedHostsFor("http://127.0.0.1:4000", " ")).toEqual(["127.0.0.1:4000"]);
    expect(allowedHostsFor("http://127.0.0.1:4000", "x.example, y.example:81")).toEqual([
      "x.example",
      "y.example:81",
    ]);
  });
});
