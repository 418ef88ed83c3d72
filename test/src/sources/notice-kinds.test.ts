// One notice-kind table (`NOTICE_KIND_TABLE` of @tender/contracts) behind every path that reads
// a notice: each source's `procedure` hook (TED Search API fields, OCDS release tags) and the
// eForms XML parser. Checked on every real payload of the repository (the fixtures copied from
// the shared datasets: packages/*/fixtures/SOURCES.md), with the kinds read by hand from each
// payload's own fields, and on the two rules the paths used to disagree on.
import { readFileSync } from "node:fs";
import type { NoticeKind } from "@tender/contracts";
import { parseEformsNotice } from "@tender/eforms";
import { parseJsonLenient } from "@tender/ingest";
import { sourceByCode } from "@tender/sources";
import { describe, expect, it } from "vitest";
import { repoPath } from "../deploy/repo-path.js";

type Json = Record<string, unknown>;

function procedureOf(code: string): (payload: unknown) => { kind: NoticeKind } | null {
  const procedure = sourceByCode(code)?.procedure;
  if (procedure === undefined) throw new Error(`source ${code} maps no procedure`);
  return procedure;
}
const tedKind = (notice: unknown) => procedureOf("ted")(notice)?.kind;
const ocdsPaths = ["contracts_finder", "find_a_tender"].map(procedureOf);
const fixture = (path: string) => readFileSync(repoPath(`packages/${path}`), "utf8");
const json = (path: string) => parseJsonLenient(fixture(path)) as Json;
const tedNotices = (path: string) => {
  const page = json(`source-ted/fixtures/${path}`);
  return (Array.isArray(page.notices) ? page.notices : [page]) as Json[];
};
const releases = (path: string) => json(path).releases as Json[];
function eforms(xml: string) {
  const parsed = parseEformsNotice(xml);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.notice;
}

// Each notice's kind as its payload states it: `notice-type` / `form-type` and
// `change-notice-version-identifier` (TED), `NoticeTypeCode` and `efac:Changes` (eForms), `tag` (OCDS).
const TED: Record<string, Record<string, NoticeKind>> = {
  "ted_v3_result_notice_291981-2026_two-languages.json": { "291981-2026": "result" }, // can-standard
  "ted_v3_search_change_notice_pair_657981-674231-2026.json": {
    "657981-2026": "competition", // cn-standard
    "674231-2026": "change", // cn-standard naming 657981-2026
  },
  "ted_v3_search_digital_competition_2026-05-30.json": {
    "367831-2026": "competition", // cn-standard, form competition
    "368708-2026": "result", // can-standard, form result
    "368822-2026": "competition",
    "368879-2026": "competition", // pin-cfc-standard, form competition
    "368912-2026": "result",
    "368900-2026": "result",
    "369161-2026": "result",
    "369526-2026": "competition",
    "369074-2026": "result",
    "369693-2026": "competition",
  },
  // Fetched without notice-type and form-type: the TED path's fallback, a call for competition.
  "ted_v3_search_it_software_sweden_2026-07-01.json": {
    "449657-2026": "competition",
    "450106-2026": "competition",
    "450199-2026": "competition",
    "450382-2026": "competition",
    "450523-2026": "competition",
  },
};
const EFORMS: Record<string, NoticeKind> = {
  "eforms_real_chain_1_competition_831374-2025.xml": "competition", // cn-standard, subtype 16
  "eforms_real_chain_2_change_6281-2026.xml": "change", // changes a6e3de9d…-01, reason update-add
  "eforms_real_chain_3_change_18902-2026.xml": "change", // changes 49d1143d…-02, reason update-add
  "eforms_real_chain_4_award_380868-2026.xml": "result", // can-standard, subtype 29
  "eforms_example_award_can_24_LSBU.xml": "result", // can-standard
  "eforms_example_modification_can-modif_24_value.xml": "modification", // can-modif, subtype 38
  "FICTIONAL_eforms_example_award_can_24_maximal.xml": "result", // can-standard
};
const OCDS: Record<string, Record<string, NoticeKind>> = {
  "source-find-a-tender/fixtures/fts_ocds_release_package_2026-09-03_award_amendment_planning.json": {
    "083674-2026": "modification", // contractAmendment
    "083664-2026": "planning", // planning
    "083655-2026": "planning",
    "083608-2026": "result", // award, contract
    "083662-2026": "competition", // tender
  },
  "source-find-a-tender/fixtures/fts_ocds_release_award_contract_083650-2026.json": {
    "083650-2026": "result", // award, contract
  },
  "source-contracts-finder/fixtures/FICTIONAL_ocds_1.1_lifecycle_ocds-213czf-000-00001.json": {
    "ocds-213czf-000-00001-01-planning": "planning",
    "ocds-213czf-000-00001-02-tender": "competition",
    "ocds-213czf-000-00001-03-tenderAmendment": "change",
    "ocds-213czf-000-00001-04-award": "result",
    "ocds-213czf-000-00001-05-contract": "result",
    "ocds-213czf-000-00001-06-implementation": "result",
  },
  "source-contracts-finder/fixtures/FICTIONAL_ocds_1.1_tender_release_package_open-contracting-sample-data.json":
    {
      "ocds-213czf-000-00001-02-tender": "competition",
    },
};
// Pages of calls only: every release is tagged `tender` alone (checked below).
const OCDS_TENDER_PAGES = [
  "source-find-a-tender/fixtures/fts_ocds_release_package_tender_2026-05-30.json",
  "source-contracts-finder/fixtures/fts_ocds_release_package_tender_2026-05-30.json",
  "source-contracts-finder/fixtures/cf_ocds_search_tender_2026-08-19.json",
  "source-contracts-finder/fixtures/cf_ocds_search_tender_limit2_2026-09-19.json",
  "source-contracts-finder/fixtures/cf_release_documents_attachments_trimmed_2026-09-19.json",
];

describe("every real payload, on every path that reads it", () => {
  it.each(Object.entries(TED))("TED %s", (file, expected) => {
    const notices = tedNotices(file);
    const kinds = Object.fromEntries(notices.map((n) => [n["publication-number"], tedKind(n)]));
    expect(kinds).toEqual(expected);
  });

  it.each(Object.entries(EFORMS))(
    "eForms %s is a %s, read as XML and as TED's search fields",
    (file, kind) => {
      const notice = eforms(fixture(`eforms/fixtures/${file}`));
      expect(notice.kind).toBe(kind);
      // The same notice as the TED Search API describes it (its fields for BT-02, BT-03, BT-758, BT-140).
      const searchResult = {
        "publication-number": notice.publicationNumber ?? "1-2026",
        "notice-type": notice.noticeType,
        "form-type": notice.formType,
        "change-notice-version-identifier": notice.change?.changedNotice?.id,
        "BT-140-notice": notice.change?.reasonCode,
      };
      expect(tedKind(searchResult)).toBe(kind);
    },
  );

  it.each(Object.entries(OCDS))("OCDS %s, through Contracts Finder and Find a Tender", (file, expected) => {
    for (const procedure of ocdsPaths) {
      const kinds = Object.fromEntries(releases(file).map((r) => [r.id, procedure(r)?.kind]));
      expect(kinds).toEqual(expected);
    }
  });

  it.each(OCDS_TENDER_PAGES)("OCDS %s: calls for competition", (file) => {
    const page = releases(file);
    expect(page.length).toBeGreaterThan(0);
    for (const release of page) {
      expect(release.tag).toEqual(["tender"]);
      for (const procedure of ocdsPaths) expect(procedure(release)?.kind).toBe("competition");
    }
  });
});

describe("the rules the paths used to disagree on", () => {
  const changeXml = fixture("eforms/fixtures/eforms_real_chain_2_change_6281-2026.xml");
  const competitionXml = fixture("eforms/fixtures/eforms_real_chain_1_competition_831374-2025.xml");
  const [call, change] = tedNotices("ted_v3_search_change_notice_pair_657981-674231-2026.json") as [
    Json,
    Json,
  ];

  it("a pre-market consultation (TED pmc, eForms subtype E1) is planning on every path", () => {
    expect(tedKind({ ...call, "notice-type": "pmc", "form-type": "consultation" })).toBe("planning");
    expect(tedKind({ ...call, "notice-type": ["pmc"] })).toBe("planning");
    const pmc = competitionXml.replace(
      '<cbc:NoticeTypeCode xmlns="" listName="competition">cn-standard</cbc:NoticeTypeCode>',
      '<cbc:NoticeTypeCode xmlns="" listName="consultation">pmc</cbc:NoticeTypeCode>',
    );
    expect(pmc).not.toBe(competitionXml);
    expect(eforms(pmc).kind).toBe("planning");
    // OCDS has no consultation notice: a pre-market engagement is a `planning` release.
    const release = releases(Object.keys(OCDS)[0] ?? "")[1];
    for (const procedure of ocdsPaths)
      expect(procedure({ ...release, tag: ["planning"] })?.kind).toBe("planning");
  });

  it("a notice its payload calls a cancellation is a cancellation on every path", () => {
    // eForms: a change whose reason (BT-140) is `cancel`, "Notice cancelled".
    const cancelled = changeXml.replace(
      '<cbc:ReasonCode listName="change-corrig-justification">update-add</cbc:ReasonCode>',
      '<cbc:ReasonCode listName="change-corrig-justification">cancel</cbc:ReasonCode>',
    );
    expect(cancelled).not.toBe(changeXml);
    expect(eforms(cancelled).kind).toBe("cancellation");
    // TED: the same change reason, as the Search API returns BT-140-notice.
    expect(tedKind({ ...change, "BT-140-notice": ["cancel"] })).toBe("cancellation");
    expect(tedKind({ ...change, "BT-140-notice": "update-add" })).toBe("change");
    // OCDS: the `tenderCancellation` tag.
    const release = releases(OCDS_TENDER_PAGES[0] ?? "")[0];
    for (const procedure of ocdsPaths) {
      expect(procedure({ ...release, tag: ["tender", "tenderCancellation"] })?.kind).toBe("cancellation");
    }
  });
});
