import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tedNoticeFacets } from "./ted-notice-facets.js";
import { tedNoticeToTenderRecord } from "./ted-notice-to-tender-record.js";

type Notice = Record<string, unknown>;
type Golden = Record<string, [countries: string[], cpvCodes: string[]]>;

function notices(url: URL): Notice[] {
  return JSON.parse(readFileSync(url, "utf8")).notices;
}
const fixture = (name: string) => notices(new URL(`../fixtures/${name}`, import.meta.url));
const demoFixture = (name: string) => notices(new URL(`../../demo/fixtures/${name}`, import.meta.url));

// The demo replays these same recorded pages (it reads them from this package).
// Written out by hand from each payload's buyer-country, place-of-performance and
// classification-cpv (duplicates dropped, `anyw` is no country, NUTS prefix → country).
const DIGITAL: Golden = {
  "367831-2026": [["FR"], ["72262000"]], // FRA, FRE11
  "368708-2026": [["DE"], ["72260000", "72263000", "72268000"]], // DEU, DEA33
  "368822-2026": [["DE"], ["72260000", "72261000"]], // DEU, DEA22
  "368879-2026": [["NL"], ["18530000", "48000000", "48400000"]], // NLD
  "368912-2026": [["FR"], ["72250000"]], // FRA, FRI12, FRI32
  "368900-2026": [["FR"], ["72252000", "72261000", "72263000", "72268000"]], // FRA, FR101
  "369161-2026": [["DE"], ["72000000"]], // DEU, DEA23
  "369526-2026": [["BE"], ["48000000"]], // BEL, anyw
  "369074-2026": [["BE"], ["48000000"]], // BEL, BE100
  "369693-2026": [["DE"], ["48000000"]], // DEU, DE300
};
// This page was fetched without buyer-country and place-of-performance: no country is guessed.
const SWEDEN: Golden = {
  "449657-2026": [[], ["48510000", "48900000", "72000000", "79400000"]],
  "450106-2026": [[], ["48517000", "72000000", "72222300"]],
  "450199-2026": [[], ["48000000", "72000000", "72220000", "72230000"]],
  "450382-2026": [[], ["48160000", "48161000", "72212160", "79995000", "92511000"]],
  "450523-2026": [[], ["72000000"]],
};
const DEMO_DOCUMENTS: Golden = {
  "821062-2025": [["IT"], ["09310000"]], // ITA, ITI21
  "821126-2025": [["IT"], ["14622000"]], // ITA, ITC20
};

const PAGES: [string, Notice[], Golden][] = [
  ["digital competition", fixture("ted_v3_search_digital_competition_2026-05-30.json"), DIGITAL],
  ["IT software Sweden", fixture("ted_v3_search_it_software_sweden_2026-07-01.json"), SWEDEN],
  ["demo: notices with documents", demoFixture("ted-demo-documents.json"), DEMO_DOCUMENTS],
];

describe("tedNoticeFacets on every recorded TED page", () => {
  for (const [name, page, golden] of PAGES) {
    it(`${name}: each notice's countries and CPV codes`, () => {
      const actual = Object.fromEntries(
        page.map((n) => {
          const facets = tedNoticeFacets(n);
          return [n["publication-number"], [facets.countries, facets.cpv_codes]];
        }),
      );
      expect(actual).toEqual(golden);
    });
  }

  it("the mapper returns the same facets with the record, outside it", () => {
    const notice = fixture("ted_v3_search_digital_competition_2026-05-30.json")[1] as Notice;
    const result = tedNoticeToTenderRecord(notice);
    expect(result).toMatchObject({ ok: true, facets: { countries: ["DE"] } });
    if (result.ok) expect(result.record).not.toHaveProperty("countries");
  });
});

describe("tedNoticeFacets on hand-made notices", () => {
  it("maps Greek and British NUTS codes and three-letter codes to alpha-2", () => {
    const facets = tedNoticeFacets({
      "buyer-country": ["GRC"],
      "place-of-performance": ["EL303", "UKI31", "UK", "SWE", "AUT", "OTHN", "anyw", "XX1", ""],
      "classification-cpv": ["45233162-2", "0931000", 45000000, "abc"],
    });
    expect(facets).toEqual({ countries: ["AT", "GB", "GR", "SE"], cpv_codes: ["45000000", "45233162"] });
  });

  it("yields empty facets for odd shapes instead of failing", () => {
    for (const notice of [
      null,
      7,
      "x",
      [],
      { "buyer-country": { a: 1 }, "classification-cpv": [null, {}] },
    ]) {
      expect(tedNoticeFacets(notice)).toEqual({ countries: [], cpv_codes: [] });
    }
  });
});
