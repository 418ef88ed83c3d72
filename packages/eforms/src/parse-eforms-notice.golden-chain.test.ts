import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { EformsNoticeV1 } from "./eforms-notice-v1.js";
import { parseEformsNotice } from "./parse-eforms-notice.js";
import { readEformsFixture } from "./testing/index.js";

// Expected values below were read by hand from the XML files, not copied from the parser.
function parse(file: string): EformsNoticeV1 {
  const result = parseEformsNotice(readEformsFixture(file));
  if (!result.ok) throw new Error(`${file}: ${result.message}`);
  expect(v.safeParse(EformsNoticeV1, result.notice).success).toBe(true);
  return result.notice;
}

/** What a person sees of a notice, and what a change notice changes (docs/records.md#procedures). */
const seen = ({ title, deadline, estimatedValue, documents }: EformsNoticeV1) => ({
  title,
  deadline,
  estimatedValue,
  documents,
});

const MALTA_TITLE =
  "CT2377/2025 - Framework Contract for the supply of Ustekinumab 45mg Solution for Injection, Ustekinumab 90mg Solution for Injection , and Ustekinumab 130mg Concentrate for Solution for Infusion";
const MALTA_PROCEDURE = "32c34097-960e-4d02-b04d-3ceac32cf020";
const MALTA_DOCUMENTS = ["https://www.etenders.gov.mt/epps/cft/listContractDocuments.do?resourceId=12780451"];
const DEPARTMENT_OF_CONTRACTS = {
  ref: "ORG-0001",
  key: "id:MT:MT25645419",
  name: "Department of Contracts",
  identifier: "MT25645419",
  scheme: null,
  country: "MT",
};
const EUR_816863 = { amount: "816863.00", currency: "EUR" };

describe("parseEformsNotice on the real Malta chain 831374-2025 → 6281-2026 → 18902-2026 → 380868-2026", () => {
  const competition = parse("eforms_real_chain_1_competition_831374-2025.xml");
  const change1 = parse("eforms_real_chain_2_change_6281-2026.xml");
  const change2 = parse("eforms_real_chain_3_change_18902-2026.xml");
  const award = parse("eforms_real_chain_4_award_380868-2026.xml");

  it("reads the call for competition 831374-2025 completely", () => {
    expect(competition).toStrictEqual({
      noticeId: "a6e3de9d-b506-45df-869b-ea7b3749cfc9",
      version: "01",
      publicationNumber: "831374-2025",
      noticeType: "cn-standard",
      formType: "competition",
      subtype: "16",
      kind: "competition",
      procedureId: MALTA_PROCEDURE,
      issuedAt: "2025-12-11T17:00:18.000Z",
      language: "ENG",
      title: MALTA_TITLE,
      deadline: "2026-01-21T08:30:00.000Z",
      estimatedValue: EUR_816863,
      documents: MALTA_DOCUMENTS,
      buyers: [DEPARTMENT_OF_CONTRACTS],
      lots: [
        {
          id: "LOT-0001",
          title: MALTA_TITLE,
          deadline: "2026-01-21T08:30:00.000Z",
          estimatedValue: EUR_816863,
          contractEnd: null,
          frameworkAgreement: "none",
          dps: "none",
          framework: false,
        },
      ],
      previousNotice: null,
      change: null,
      result: null,
      modification: null,
      truncated: false,
      truncation: [],
      problems: [],
    });
  });

  it("shares one procedure key across the four notices", () => {
    expect([competition, change1, change2, award].map((n) => n.procedureId)).toEqual(
      Array(4).fill(MALTA_PROCEDURE),
    );
    expect([competition, change1, change2, award].map((n) => n.kind)).toEqual([
      "competition",
      "change",
      "change",
      "result",
    ]);
    expect([competition, change1, change2, award].map((n) => n.publicationNumber)).toEqual([
      "831374-2025",
      "6281-2026",
      "18902-2026",
      "380868-2026",
    ]);
  });

  it("6281-2026 changes version 01 of the call and moves the deadline to 27 January", () => {
    expect(change1).toMatchObject({
      noticeId: "49d1143d-349d-4113-b0b2-6cf28a943850",
      version: "02",
      noticeType: "cn-standard",
      issuedAt: "2026-01-06T13:17:43.000Z",
      deadline: "2026-01-27T08:30:00.000Z",
    });
    expect(change1.change).toStrictEqual({
      changedNotice: { id: "a6e3de9d-b506-45df-869b-ea7b3749cfc9", version: "01", scheme: null },
      reasonCode: "update-add",
      reasonDescription: null,
      descriptions: [],
      changedSections: [],
      documentsChanged: null,
    });
    // Of what a person sees (title, deadline, value, documents), only the deadline moves.
    expect(seen(change1)).toEqual({ ...seen(competition), deadline: "2026-01-27T08:30:00.000Z" });
    expect(competition.deadline).toBe("2026-01-21T08:30:00.000Z");
  });

  it("18902-2026 changes version 02 (6281-2026) and moves the deadline to 5 February", () => {
    expect(change2).toMatchObject({
      noticeId: "3ed4e7f6-d11d-48d0-9a91-cd2585e11b17",
      version: "03",
      issuedAt: "2026-01-10T11:45:38.000Z",
      deadline: "2026-02-05T08:30:00.000Z",
    });
    expect(change2.change?.changedNotice).toEqual({
      id: "49d1143d-349d-4113-b0b2-6cf28a943850",
      version: "02",
      scheme: null,
    });
    expect(change2.change?.reasonCode).toBe("update-add");
    expect(seen(change2)).toEqual({ ...seen(change1), deadline: "2026-02-05T08:30:00.000Z" });
  });

  it("380868-2026 awards the lot to Mint Health Limited for 239,689.54 EUR after 11 tenders", () => {
    expect(award).toMatchObject({
      noticeId: "f5bec521-611c-4d54-9646-59d643a00627",
      version: "01",
      noticeType: "can-standard",
      formType: "result",
      subtype: "29",
      issuedAt: "2026-06-02T09:17:32.000Z",
      deadline: null,
      estimatedValue: EUR_816863,
      documents: [],
      buyers: [DEPARTMENT_OF_CONTRACTS],
      previousNotice: { id: "3ed4e7f6-d11d-48d0-9a91-cd2585e11b17", version: "03", scheme: null },
      change: null,
      modification: null,
      truncated: false,
      problems: [],
    });
    expect(award.result).toStrictEqual({
      totalValue: { amount: "239689.54", currency: "EUR" },
      awards: [
        {
          lotId: "LOT-0001",
          resultId: "RES-0001",
          status: "awarded",
          statusCode: "selec-w",
          winners: [
            {
              ref: "ORG-0002",
              key: "id:MT:C55603",
              name: "Mint Health Limited",
              identifier: "C55603",
              scheme: null,
              country: "MT",
            },
          ],
          value: { amount: "239689.54", currency: "EUR" },
          decidedAt: "2026-06-02",
          contractSignedAt: "2026-05-20",
          contractEnd: null,
          framework: false,
          tendersReceived: 11,
          notAwardedReason: null,
          contractIds: ["CON-0001"],
        },
      ],
    });
  });
});
