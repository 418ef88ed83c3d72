import { readFileSync } from "node:fs";
import { TenderRecordV1 } from "@tender/contracts";
import { parseJsonLenient } from "@tender/ingest";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { FTS_FIXTURES, ftsFixturePath } from "./fts-fixtures.js";
import { ftsReleaseToTenderRecord } from "./index.js";

type Json = Record<string, unknown>;
type Package = Json & { releases: Json[] };

// The tender page holds bare `Infinity` literals, read as the client's lenient parse reads them.
const load = (name: string) => parseJsonLenient(readFileSync(ftsFixturePath(name), "utf8")) as Package;
const tenderPage = load(FTS_FIXTURES.tenderPage);
const lifecyclePage = load(FTS_FIXTURES.lifecyclePage);
const awardPackage = load(FTS_FIXTURES.awardRelease);

function metaOf(pkg: Package): Json {
  const { releases: _r, links: _l, ...meta } = pkg;
  return meta;
}

function mapped(release: unknown, pkg: Package) {
  const result = ftsReleaseToTenderRecord(release, metaOf(pkg));
  if (!result.ok) throw new Error(`expected a record, got: ${result.reason}`);
  return { ...result.record, facets: result.facets, procedure: result.procedure };
}

const NOTICE = "https://www.find-tender.service.gov.uk/Notice/";

interface Golden {
  id: string;
  ocid: string;
  title: string;
  buyer: string;
  amount: string | null;
  published: string;
  deadline: string;
  /** The CPV codes the release lists (its main code first); `all` when the list is complete. */
  cpv: { main: string; count: number };
}

// Written by reading each release of the recorded page: tender.title, buyer.name,
// tender.value.amount (GBP), date and tenderPeriod.endDate in UTC (the page's +01:00 minus an
// hour; a bare date is midnight UTC), and the CPV codes of tender.classification and the items'
// additionalClassifications. Every buyer's address is in the United Kingdom.
const GOLDEN: Golden[] = [
  {
    id: "051000-2026",
    ocid: "ocds-h6vhtk-06a94b",
    title: "Short Term Contract for Adaptations",
    buyer: "London Borough of Haringey",
    amount: "490000.00",
    published: "2026-05-29T15:12:45.000Z",
    deadline: "2026-06-19T00:00:00.000Z",
    cpv: { main: "45000000", count: 34 },
  },
  {
    id: "050998-2026",
    ocid: "ocds-h6vhtk-06a949",
    title: "Out-Patient Pharmaceutical Dispensing Services",
    buyer: "Bradford Teaching Hospitals NHS Foundation Trust",
    amount: "70000000.00",
    published: "2026-05-29T15:10:39.000Z",
    deadline: "2026-07-13T11:00:00.000Z",
    cpv: { main: "85149000", count: 1 },
  },
  {
    id: "050970-2026",
    ocid: "ocds-h6vhtk-06a936",
    title: "Holiday Activities and Food (HAF) services DPS (SC240025)",
    buyer: "Kent County Council",
    amount: "4000000.00",
    published: "2026-05-29T14:55:52.000Z",
    deadline: "2026-09-11T11:00:00.000Z",
    cpv: { main: "92000000", count: 1 },
  },
  {
    id: "050965-2026",
    ocid: "ocds-h6vhtk-06a933",
    title: "The Provision of Enhanced Virtual Care Project",
    buyer: "Royal Free London NHS Foundation Trust",
    amount: "12000000.00",
    published: "2026-05-29T14:53:40.000Z",
    deadline: "2026-06-29T09:00:00.000Z",
    cpv: { main: "85100000", count: 2 },
  },
  {
    id: "050832-2026",
    ocid: "ocds-h6vhtk-06a8df",
    title: "Thenue Housing Association - Repairs and Voids - 2027-2037",
    buyer: "Thenue Housing Association Limited - AA17802",
    amount: "25000000.00",
    published: "2026-05-29T12:14:23.000Z",
    deadline: "2026-06-30T16:00:00.000Z",
    cpv: { main: "45453100", count: 2 },
  },
  {
    id: "050722-2026",
    ocid: "ocds-h6vhtk-068aa0",
    title: "Public Toilet Cleaning Services",
    buyer: "Loch Lomond & The Trossachs National Park Authority",
    amount: "1250000.00",
    published: "2026-05-29T10:20:17.000Z",
    deadline: "2026-06-29T09:00:00.000Z",
    cpv: { main: "90910000", count: 1 },
  },
  {
    id: "050719-2026",
    ocid: "ocds-h6vhtk-06a894",
    title: "Plumbing & Heating Materials",
    buyer: "APUC Limited",
    amount: "5000000.00",
    published: "2026-05-29T10:17:31.000Z",
    deadline: "2026-06-29T11:00:00.000Z",
    cpv: { main: "44115200", count: 16 },
  },
  {
    id: "050712-2026",
    ocid: "ocds-h6vhtk-06a88f",
    title: "Plumbing & Heating Materials",
    buyer: "APUC Limited",
    amount: "5000000.00",
    published: "2026-05-29T10:10:21.000Z",
    deadline: "2026-06-29T11:00:00.000Z",
    cpv: { main: "44115200", count: 16 },
  },
  {
    id: "050587-2026",
    ocid: "ocds-h6vhtk-06a84e",
    title: "NMPH (Non-Medical Personal Help)",
    buyer: "University Of Edinburgh",
    amount: "1850000.00",
    published: "2026-05-29T08:03:55.000Z",
    deadline: "2026-06-29T11:00:00.000Z",
    cpv: { main: "79600000", count: 1 },
  },
  {
    id: "050518-2026",
    ocid: "ocds-h6vhtk-06a825",
    title: "Family Hub GP Drop In Clinics",
    buyer: "Kingston Upon Hull City Council",
    amount: "55000.00",
    published: "2026-05-28T15:46:05.000Z",
    deadline: "2026-06-08T00:00:00.000Z",
    cpv: { main: "85121100", count: 2 },
  },
  {
    id: "050515-2026",
    ocid: "ocds-h6vhtk-05fbc8",
    title: "Non-Directional Beacon (NDB) Replacement at Stornoway (SYY) and Sumburgh (LSI)",
    buyer: "Highlands and Islands Airports Limited",
    amount: "350000.00",
    published: "2026-05-28T15:43:39.000Z",
    deadline: "2026-06-29T11:00:00.000Z",
    cpv: { main: "34966200", count: 1 },
  },
  {
    id: "050426-2026",
    ocid: "ocds-h6vhtk-05faa0",
    title: "Community Audiology - NHS Birmingham and Solihull ICB",
    buyer: "NHS Birmingham and Solihull Integrated Care Board",
    amount: "40428752.00",
    published: "2026-05-28T14:25:24.000Z",
    deadline: "2026-06-25T16:00:00.000Z",
    cpv: { main: "85100000", count: 1 },
  },
  {
    id: "050396-2026",
    ocid: "ocds-h6vhtk-06a7da",
    title: "Air Conditioning-Cooling Plant Maintenance and Repair (GCU)",
    buyer: "Glasgow Caledonian University",
    amount: null,
    published: "2026-05-28T13:56:30.000Z",
    deadline: "2026-07-01T11:00:00.000Z",
    cpv: { main: "50730000", count: 1 },
  },
  {
    id: "050318-2026",
    ocid: "ocds-h6vhtk-06a7b0",
    title: "Student Placement Systems and Associated Services",
    buyer: "APUC Limited",
    amount: "5000000.00",
    published: "2026-05-28T12:30:32.000Z",
    deadline: "2026-07-07T16:00:00.000Z",
    cpv: { main: "48000000", count: 5 },
  },
  {
    id: "050199-2026",
    ocid: "ocds-h6vhtk-06a75c",
    title: "Summer & Easter Playscheme for Children with a Disability",
    buyer: "Midlothian Council",
    amount: "635000.00",
    published: "2026-05-28T10:40:53.000Z",
    deadline: "2026-07-17T11:00:00.000Z",
    cpv: { main: "85312100", count: 6 },
  },
  {
    id: "049950-2026",
    ocid: "ocds-h6vhtk-06872e",
    title: "Carbine Magnifiers",
    buyer: "Civil Nuclear Police Authority (CNPA) / Civil Nuclear Constabulary (CNC)",
    amount: "900000.00",
    published: "2026-05-27T16:08:28.000Z",
    deadline: "2026-06-26T23:00:00.000Z",
    cpv: { main: "35340000", count: 3 },
  },
  {
    id: "049902-2026",
    ocid: "ocds-h6vhtk-06a6c7",
    title: "4.8MW Substation design and installation",
    buyer: "European Marine Energy Centre (EMEC) Ltd",
    amount: "1565000.00",
    published: "2026-05-27T15:29:02.000Z",
    deadline: "2026-06-26T11:00:00.000Z",
    cpv: { main: "45232220", count: 3 },
  },
  {
    id: "049783-2026",
    ocid: "ocds-h6vhtk-06a691",
    title: "School Nursing for Children and Young People Aged 5–19 (up to 25 for SEND)",
    buyer: "London Borough of Hammersmith and Fulham",
    amount: "8820000.00",
    published: "2026-05-27T13:54:30.000Z",
    deadline: "2026-06-01T11:00:00.000Z",
    cpv: { main: "85323000", count: 1 },
  },
  {
    id: "049722-2026",
    ocid: "ocds-h6vhtk-06a668",
    title: "Framework Agreement for Fish Tracking Equipment",
    buyer: "Scottish Government",
    amount: null,
    published: "2026-05-27T12:55:13.000Z",
    deadline: "2026-06-29T11:00:00.000Z",
    cpv: { main: "34930000", count: 1 },
  },
  {
    id: "049693-2026",
    ocid: "ocds-h6vhtk-0686fa",
    title: "Carbine Holographic Sights",
    buyer: "Civil Nuclear Police Authority (CNPA) / Civil Nuclear Constabulary (CNC)",
    amount: "840000.00",
    published: "2026-05-27T12:38:34.000Z",
    deadline: "2026-06-26T23:00:00.000Z",
    cpv: { main: "35341000", count: 4 },
  },
];

describe("golden: the recorded Find a Tender tender page, one expected record per release", () => {
  it("covers every release of the page", () => {
    expect(GOLDEN.map((g) => g.id)).toEqual(tenderPage.releases.map((r) => r.id));
  });

  it.each(GOLDEN.map((g) => [g.id, g] as const))("%s", (id, golden) => {
    const release = tenderPage.releases.find((r) => r.id === id);
    const record = mapped(release, tenderPage);
    const { facets: _facets, procedure: _procedure, ...plain } = record;
    expect(v.parse(TenderRecordV1, plain)).toEqual(plain);
    expect({
      source: record.source,
      external_id: record.external_id,
      title: record.title,
      buyer_name: record.buyer_name,
      amount: record.amount,
      currency: record.currency,
      published_at: record.published_at,
      deadline: record.deadline,
      source_url: record.source_url,
      attachments: record.attachments,
      countries: record.facets?.countries,
      procedure: record.procedure?.key,
    }).toEqual({
      source: "find_a_tender",
      external_id: id,
      title: golden.title,
      buyer_name: golden.buyer,
      amount: golden.amount,
      currency: golden.amount === null ? null : "GBP",
      published_at: golden.published,
      deadline: golden.deadline,
      source_url: `${NOTICE}${id}`,
      // The page's documents are selection-criteria stubs without a URL: nothing to download.
      attachments: [],
      countries: ["GB"],
      procedure: golden.ocid,
    });
    expect(record.facets?.cpv_codes).toContain(golden.cpv.main);
    expect(record.facets?.cpv_codes).toHaveLength(golden.cpv.count);
    expect(record.raw_payload).toBe(release);
  });

  it("reads the capture's bare Infinity (as 1e9999 parses) as absent, never as an amount", () => {
    const text = readFileSync(ftsFixturePath(FTS_FIXTURES.tenderPage), "utf8");
    expect(text).toMatch(/:\s*Infinity/);
    for (const release of tenderPage.releases) {
      const result = ftsReleaseToTenderRecord(release, metaOf(tenderPage));
      expect(result.ok).toBe(true);
    }
  });
});

describe("golden: the recorded lifecycle page and award release", () => {
  it("083662-2026 (tender): its tenderNotice document is the notice page, not an attachment", () => {
    const release = lifecyclePage.releases.find((r) => r.id === "083662-2026");
    const record = mapped(release, lifecyclePage);
    expect({
      external_id: record.external_id,
      title: record.title,
      buyer_name: record.buyer_name,
      amount: record.amount,
      currency: record.currency,
      published_at: record.published_at,
      deadline: record.deadline,
      source_url: record.source_url,
      attachments: record.attachments,
      facets: record.facets,
    }).toEqual({
      external_id: "083662-2026",
      title: "ACE 1012 ITQ - Cultural Education Network One-to-One Evaluation",
      buyer_name: "Arts Council England",
      amount: "15000.00",
      currency: "GBP",
      published_at: "2026-09-03T16:09:09.000Z",
      deadline: "2026-09-21T09:00:00.000Z",
      source_url: `${NOTICE}083662-2026`,
      attachments: [],
      facets: { countries: ["GB"], cpv_codes: ["79419000"] },
    });
  });

  it("083664-2026 (planning): net amount, not amountGross; no deadline", () => {
    const record = mapped(
      lifecyclePage.releases.find((r) => r.id === "083664-2026"),
      lifecyclePage,
    );
    expect([record.title, record.buyer_name, record.amount, record.deadline, record.facets]).toEqual([
      "ServiceNow Development & Managed Services Delivery Partner",
      "Government Property Agency",
      "2500000.00",
      null,
      { countries: ["GB"], cpv_codes: ["72261000"] },
    ]);
  });

  it("083650-2026 (award + contract, a package without publishedDate): stored from its own date", () => {
    const record = mapped(awardPackage.releases[0], awardPackage);
    expect([
      record.external_id,
      record.title,
      record.buyer_name,
      record.published_at,
      record.source_url,
    ]).toEqual([
      "083650-2026",
      "HC2645 Evaluation of the Emtional Me in Wiltshire Schools",
      "Wiltshire Council",
      "2026-09-03T15:39:47.000Z",
      `${NOTICE}083650-2026`,
    ]);
  });

  it("every release of the lifecycle page becomes a notice of its own, in the procedure of its ocid", () => {
    for (const release of lifecyclePage.releases) {
      const result = ftsReleaseToTenderRecord(release, metaOf(lifecyclePage));
      if (!result.ok) throw new Error(result.reason);
      expect([result.record.external_id, result.record.source_url, result.procedure?.key]).toEqual([
        release.id,
        `${NOTICE}${release.id}`,
        release.ocid,
      ]);
    }
  });
});
