import { readFileSync } from "node:fs";
import { TenderRecordV1 } from "@tender/contracts";
import { parseJsonLenient } from "@tender/ingest";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { cfReleaseToTenderRecord } from "./index.js";

type Json = Record<string, unknown>;
type Package = Json & { releases: Json[] };

// The Find a Tender capture holds bare `Infinity` literals, as the client's lenient parse accepts them.
function fixture(name: string): Package {
  return parseJsonLenient(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8")) as Package;
}

function metaOf(pkg: Package): Json {
  const { releases: _r, links: _l, ...meta } = pkg;
  return meta;
}

const limit2 = fixture("cf_ocds_search_tender_limit2_2026-09-19.json");
const august = fixture("cf_ocds_search_tender_2026-08-19.json");
const documents = fixture("cf_release_documents_attachments_trimmed_2026-09-19.json");
const fts = fixture("fts_ocds_release_package_tender_2026-05-30.json");

function mapped(release: unknown, pkg: Package) {
  const result = cfReleaseToTenderRecord(release, metaOf(pkg));
  if (!result.ok) throw new Error(`expected a record, got: ${result.reason}`);
  return result.record;
}

describe("every real Contracts Finder release", () => {
  it.each([
    ...limit2.releases.map((r) => [r.id, r, limit2] as const),
    ...august.releases.map((r) => [r.id, r, august] as const),
  ])("%s becomes a valid TenderRecordV1 named by its release id", (id, release, pkg) => {
    const record = mapped(release, pkg);
    expect(v.parse(TenderRecordV1, record)).toEqual(record);
    expect(record.external_id).toBe(id);
    expect(record.source).toBe("contracts_finder");
    expect(record.raw_payload).toBe(release);
    // Its release id is `<notice uuid>-<n>`; its tenderNotice page is that notice's.
    expect(record.source_url).toBe(
      `https://www.contractsfinder.service.gov.uk/Notice/${(id as string).replace(/-\d+$/, "")}`,
    );
  });

  it("quarantines the trimmed attachments release, naming what it lacks", () => {
    const release = documents.releases[0];
    expect(cfReleaseToTenderRecord(release, metaOf(documents))).toEqual({
      ok: false,
      externalId: "76371b58-f056-4c76-80d6-f175126a0eaf-914731",
      reason:
        "buyer_name: missing in buyer.name and in parties with role buyer; " +
        "published_at: missing date, tender.datePublished and package publishedDate",
    });
  });
});

describe("golden releases", () => {
  it("limit2 #1: placeholder value 1 GBP kept, offset dates to UTC, CRLF normalized", () => {
    const release = limit2.releases[0] as Json;
    const record = mapped(release, limit2);
    expect({ ...record, raw_payload: undefined }).toEqual({
      source: "contracts_finder",
      external_id: "76371b58-f056-4c76-80d6-f175126a0eaf-914731",
      title: "Procurement of office and IT equipment",
      description:
        "Partnership Fund for a Resilient Ukraine Phase 2 (PFRU-2) is a multi-year, multi-donor-funded programme managed by the UK's Foreign, Commonwealth and Development Office.\n" +
        "As part of its project activities, PFRU-2 is seeking an organization to supply the office and IT equipment.",
      buyer_name: "Chemonics International, Inc.",
      amount: "1.00",
      currency: "GBP",
      published_at: "2026-09-19T02:40:43.000Z",
      deadline: "2026-10-03T09:00:00.000Z",
      source_url: "https://www.contractsfinder.service.gov.uk/Notice/76371b58-f056-4c76-80d6-f175126a0eaf",
      attachments: [],
      raw_payload: undefined,
    });
  });

  it("limit2 #2: no value at all", () => {
    const record = mapped(limit2.releases[1], limit2);
    expect([record.title, record.buyer_name, record.amount, record.currency, record.deadline]).toEqual([
      "Taxi and MPV (1-8 seats) - Taxi and MPV (1-8 seats)",
      "East Sussex County Council",
      null,
      null,
      "2026-09-23T10:00:00.000Z",
    ]);
  });

  it("August #1: external e-tendering links without type or format become attachments", () => {
    const record = mapped(august.releases[0], august);
    expect(record.title).toBe("MAST-U Diagnostic IR Cameras");
    expect(record.source_url).toBe(
      "https://www.contractsfinder.service.gov.uk/Notice/90690895-4d85-4b21-b644-a8c4379a7a02",
    );
    expect(record.attachments).toEqual([
      {
        external_id: "2",
        title: "Additional data",
        filename: "rwlentrance_s.asp",
        source_url: "https://uk.eu-supply.com/app/rfq/rwlentrance_s.asp?PID=108394&B=UKAEA",
        content_type: null,
      },
      {
        external_id: "3",
        title: "User / Company",
        filename: "document-3",
        source_url: "https://uk.eu-supply.com/ctm/Company/CompanyInformation/Index/72814",
        content_type: null,
      },
    ]);
  });

  it("August #2: tabs and portal URLs in the description are kept", () => {
    const record = mapped(august.releases[1], august);
    expect(record.description).toContain("\n-\tHawley Road Transport Yard car park");
    expect(record.description).toContain("https://www.delta-esourcing.com/respond/83NX2G7ZX9");
    expect(record.buyer_name).toBe("LondonEnergy Ltd");
    expect(record.published_at).toBe("2026-08-19T16:32:29.000Z");
  });

  it("the documents of the trimmed release, on its full release: notice page apart, files with derived names", () => {
    const release = structuredClone(limit2.releases[0]) as Json & { tender: Json };
    const trimmed = documents.releases[0] as Json & { tender: Json };
    release.tender.documents = trimmed.tender.documents;
    const record = mapped(release, limit2);
    expect(record.source_url).toBe(
      "https://www.contractsfinder.service.gov.uk/Notice/76371b58-f056-4c76-80d6-f175126a0eaf",
    );
    expect(record.attachments).toEqual([
      {
        external_id: "2",
        title: null,
        filename: "biddingDocuments-2.docx",
        source_url:
          "https://www.contractsfinder.service.gov.uk/Notice/Attachment/5676d68a-0446-476e-a0cf-6cb4cc5c9e2a",
        content_type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      },
      {
        external_id: "3",
        title: null,
        filename: "tenderNotice-3.pdf",
        source_url:
          "https://www.contractsfinder.service.gov.uk/Notice/Attachment/a3539193-93a4-4f36-a27c-04d10c5b5099",
        content_type: "application/pdf",
      },
      {
        external_id: "4",
        title: null,
        filename: "biddingDocuments-4.xlsx",
        source_url:
          "https://www.contractsfinder.service.gov.uk/Notice/Attachment/3dafd075-bfd6-4834-bfe6-dffd3fee3509",
        content_type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      },
    ]);
  });
});

describe("Find a Tender releases through the same OCDS mapper", () => {
  it.each(fts.releases.map((r) => [r.id, r] as const))(
    "%s is quarantined: it links no notice page",
    (_id, release) => {
      expect(cfReleaseToTenderRecord(release, metaOf(fts))).toEqual({
        ok: false,
        externalId: release.id,
        reason:
          "source_url: no notice page among the release's documents and no notice uuid (<uuid>-<n>) in id",
      });
    },
  );

  it("maps every other field once a notice page is known (bare-date deadlines, lot values, release dates)", () => {
    const records = fts.releases.map((original) => {
      const release = structuredClone(original) as Json & { tender: Json & { documents?: Json[] } };
      const url = `https://www.find-tender.service.gov.uk/Notice/${release.id}`;
      release.tender.documents = [...(release.tender.documents ?? []), { documentType: "tenderNotice", url }];
      return mapped(release, fts);
    });
    expect(records).toHaveLength(20);
    const first = records[0];
    // 051000-2026: endDate "2026-06-19" (bare date), no tender.datePublished: the release date is used.
    expect([first?.deadline, first?.published_at, first?.amount, first?.currency]).toEqual([
      "2026-06-19T00:00:00.000Z",
      "2026-05-29T15:12:45.000Z",
      "490000.00",
      "GBP",
    ]);
    // Selection-criteria stubs have no URL and are not attachments.
    expect(records.every((r) => r.attachments.length === 0)).toBe(true);
    // 050396-2026 has neither a tender value nor lot values.
    expect(records.find((r) => r.external_id === "050396-2026")?.amount).toBeNull();
  });
});

describe("variants and quarantine reasons", () => {
  const base = () => structuredClone(limit2.releases[0]) as Json & { tender: Json; buyer?: Json };

  it("uses the buyer parties when buyer.name is missing, joining several", () => {
    const release = base();
    delete release.buyer;
    release.parties = [
      { name: "Council A", roles: ["buyer"] },
      { name: "Supplier", roles: ["supplier"] },
      { name: "Council &amp; B", roles: ["buyer", "payer"] },
    ];
    expect(mapped(release, limit2).buyer_name).toBe("Council A; Council & B");
  });

  it("dates a release by its own date, else tender.datePublished, else the package date", () => {
    const release = base();
    // A later release of a call repeats the call's tender.datePublished: the notice is its release.
    release.tender.datePublished = "2026-09-01T09:00:00Z";
    expect(mapped(release, limit2).published_at).toBe("2026-09-19T02:40:43.000Z");
    delete release.date;
    expect(mapped(release, limit2).published_at).toBe("2026-09-01T09:00:00.000Z");
    delete release.tender.datePublished;
    expect(mapped(release, limit2).published_at).toBe("2026-09-19T07:40:43.000Z");
  });

  it("finds the notice page of a release without a tenderNotice: its stage's notice, else its notice uuid", () => {
    const release = base();
    release.tender.documents = [];
    expect(mapped(release, limit2).source_url).toBe(
      "https://www.contractsfinder.service.gov.uk/Notice/76371b58-f056-4c76-80d6-f175126a0eaf",
    );
    const award = "https://www.contractsfinder.service.gov.uk/Notice/0d5a8f1e-2b1c-4d3e-9f00-123456789abc";
    release.awards = [{ documents: [{ documentType: "awardNotice", url: award, format: "text/html" }] }];
    expect(mapped(release, limit2).source_url).toBe(award);
  });

  it("sums lot values in one currency when the tender has no value", () => {
    const release = base();
    delete release.tender.value;
    release.tender.lots = [
      { value: { amount: 100.5, currency: "GBP" } },
      { value: { amount: "200", currency: "gbp" } },
    ];
    expect([mapped(release, limit2).amount, mapped(release, limit2).currency]).toEqual(["300.50", "GBP"]);
    release.tender.lots = [
      { value: { amount: 1, currency: "GBP" } },
      { value: { amount: 2, currency: "EUR" } },
    ];
    expect(mapped(release, limit2).amount).toBeNull();
  });

  it("quarantines a negative value, an unreadable deadline and a missing ocid with precise reasons", () => {
    const release = base();
    release.tender.value = { amount: -10, currency: "GBP" };
    expect(cfReleaseToTenderRecord(release, metaOf(limit2))).toMatchObject({
      ok: false,
      reason: "amount: Amount must not be negative",
    });
    release.tender.value = { amount: 10, currency: "GBP" };
    release.tender.tenderPeriod = { endDate: "next Friday" };
    delete release.ocid;
    expect(cfReleaseToTenderRecord(release, metaOf(limit2))).toEqual({
      ok: false,
      externalId: "76371b58-f056-4c76-80d6-f175126a0eaf-914731",
      reason: 'external_id: missing ocid; deadline: tender.tenderPeriod.endDate "next Friday" is not a date',
    });
  });

  it("quarantines an unexpected shape and a release that is not an object", () => {
    const release = base();
    release.tender.documents = "none";
    expect(cfReleaseToTenderRecord(release, metaOf(limit2))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^payload: tender\.documents: /),
    });
    expect(cfReleaseToTenderRecord(null)).toEqual({
      ok: false,
      externalId: null,
      reason: "payload: release is not a JSON object",
    });
  });
});
