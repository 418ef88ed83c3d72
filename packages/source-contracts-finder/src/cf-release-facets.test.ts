import { readFileSync } from "node:fs";
import { parseJsonLenient } from "@tender/ingest";
import { describe, expect, it } from "vitest";
import { cfReleaseFacets, cfReleaseToTenderRecord } from "./index.js";

type Release = Record<string, unknown>;
type Golden = Record<string, [countries: string[], cpvCodes: string[]]>;

const releases = (url: URL): Release[] =>
  (parseJsonLenient(readFileSync(url, "utf8")) as { releases: Release[] }).releases;
const fixture = (name: string) => releases(new URL(`../fixtures/${name}`, import.meta.url));

// Written out by hand from each release: the buyer's address and the items' delivery addresses
// (countryName or NUTS region; "Europe", "Channel Islands"... are no country), tender and item
// classifications with scheme CPV. GB when none names a country.
const SEARCH: Golden = {
  // buyer ENG; delivery: United Kingdom, Isle of Man, and regions that are no country
  "ocds-b5fd17-8c17e72c-203a-4ac1-8634-91aabf18653a": [
    ["GB", "IM"],
    ["38650000", "38651000", "38651100", "38651600"],
  ],
  // buyer England; same delivery list
  "ocds-b5fd17-8ecbcf19-887b-47d6-8c4d-35ab69d40c6a": [["GB", "IM"], ["34000000"]],
};
const LIMIT2: Golden = {
  "ocds-b5fd17-02f878ce-547b-46fd-a840-ddc7c37e1e80": [["UA"], ["30000000"]], // delivery Ukraine
  "ocds-b5fd17-d07175be-6023-460c-b319-b9273c66a36a": [["GB"], ["60000000"]], // delivery United Kingdom
};
// Trimmed to its documents: no address, no classification.
const DOCUMENTS: Golden = { "ocds-b5fd17-02f878ce-547b-46fd-a840-ddc7c37e1e80": [["GB"], []] };
// Two Find a Tender releases (one procurement, two lots) list the same plumbing codes.
const PLUMBING = [
  "39715000",
  "39715200",
  "39715300",
  "42130000",
  "42131400",
  "44115200",
  "44115210",
  "44115220",
  "44160000",
  "44163121",
  "44167300",
  "44411000",
  "44411100",
  "44411300",
  "44411700",
  "44620000",
];
// Find a Tender releases: buyer "United Kingdom", delivery regions as NUTS codes (UKI, UKM82...).
const FTS: Golden = {
  "ocds-h6vhtk-06a94b": [
    ["GB"],
    [
      "45000000",
      "45200000",
      "45210000",
      "45211000",
      "45211100",
      "45211300",
      "45211310",
      "45211340",
      "45211341",
      "45211350",
      "45211370",
      "45400000",
      "45430000",
      "45431000",
      "45431100",
      "45431200",
      "45432000",
      "45432100",
      "45432110",
      "45432111",
      "45432112",
      "45432113",
      "45432114",
      "45432120",
      "45432121",
      "45432130",
      "45450000",
      "45451000",
      "45451100",
      "45451200",
      "45453000",
      "45453100",
      "45454000",
      "45454100",
    ],
  ],
  "ocds-h6vhtk-06a949": [["GB"], ["85149000"]],
  "ocds-h6vhtk-06a936": [["GB"], ["92000000"]],
  "ocds-h6vhtk-06a933": [["GB"], ["85100000", "85323000"]],
  "ocds-h6vhtk-06a8df": [["GB"], ["45300000", "45453100"]],
  "ocds-h6vhtk-068aa0": [["GB"], ["90910000"]],
  "ocds-h6vhtk-06a894": [["GB"], PLUMBING],
  "ocds-h6vhtk-06a88f": [["GB"], PLUMBING],
  "ocds-h6vhtk-06a84e": [["GB"], ["79600000"]],
  "ocds-h6vhtk-06a825": [["GB"], ["85100000", "85121100"]],
  "ocds-h6vhtk-05fbc8": [["GB"], ["34966200"]],
  "ocds-h6vhtk-05faa0": [["GB"], ["85100000"]],
  "ocds-h6vhtk-06a7da": [["GB"], ["50730000"]],
  "ocds-h6vhtk-06a7b0": [["GB"], ["48000000", "48190000", "48611000", "72000000", "72261000"]],
  "ocds-h6vhtk-06a75c": [["GB"], ["85000000", "85300000", "85310000", "85312100", "85312110", "85312120"]],
  "ocds-h6vhtk-06872e": [["GB"], ["35300000", "35340000", "38636100"]],
  "ocds-h6vhtk-06a6c7": [["GB"], ["45232220", "45232221", "71323100"]],
  "ocds-h6vhtk-06a691": [["GB"], ["85323000"]],
  "ocds-h6vhtk-06a668": [["GB"], ["34930000"]],
  "ocds-h6vhtk-0686fa": [["GB"], ["35300000", "35341000", "38633000", "38636000"]],
};

const PAGES: [string, Release[], Golden][] = [
  ["search page", fixture("cf_ocds_search_tender_2026-08-19.json"), SEARCH],
  ["search page, limit 2", fixture("cf_ocds_search_tender_limit2_2026-09-19.json"), LIMIT2],
  ["release with documents", fixture("cf_release_documents_attachments_trimmed_2026-09-19.json"), DOCUMENTS],
  ["Find a Tender package", fixture("fts_ocds_release_package_tender_2026-05-30.json"), FTS],
  [
    "fictional OCDS 1.1 sample",
    fixture("FICTIONAL_ocds_1.1_tender_release_package_open-contracting-sample-data.json"),
    // buyer in "United Kingdom"; item CPV "45233130.0", additional "45233162-2"
    { "ocds-213czf-000-00001": [["GB"], ["45233130", "45233162"]] },
  ],
];

describe("cfReleaseFacets on every recorded OCDS payload", () => {
  for (const [name, page, golden] of PAGES) {
    it(`${name}: each release's countries and CPV codes`, () => {
      const actual = Object.fromEntries(
        page.map((r) => {
          const facets = cfReleaseFacets(r);
          return [r.ocid, [facets.countries, facets.cpv_codes]];
        }),
      );
      expect(actual).toEqual(golden);
    });
  }

  it("the mapper returns the facets beside the record", () => {
    const release = fixture("cf_ocds_search_tender_limit2_2026-09-19.json")[1] as Release;
    const result = cfReleaseToTenderRecord(release);
    expect(result).toMatchObject({ ok: true, facets: { countries: ["GB"], cpv_codes: ["60000000"] } });
  });
});

describe("cfReleaseFacets on hand-made releases", () => {
  it("reads check digits, float-looking ids and other schemes as OCDS samples write them", () => {
    const facets = cfReleaseFacets({
      parties: [
        { roles: ["buyer"], address: { countryName: "Viet Nam" } },
        { roles: ["reviewBody"], address: { countryName: "France" } },
      ],
      tender: {
        classification: { scheme: "cpv", id: "45233130.0" },
        items: [
          { classification: { scheme: "CPV", id: "45233162-2" }, deliveryAddress: { region: "EL30" } },
          { classification: { scheme: "UNSPSC", id: "12345678" }, additionalClassifications: [null, 3] },
        ],
      },
    });
    expect(facets).toEqual({ countries: ["GR", "VN"], cpv_codes: ["45233130", "45233162"] });
  });

  it("falls back to GB for odd shapes instead of failing", () => {
    for (const release of [null, "x", [], { tender: { items: "no" }, parties: [{ roles: "buyer" }] }]) {
      expect(cfReleaseFacets(release)).toEqual({ countries: ["GB"], cpv_codes: [] });
    }
  });
});
