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

const LSBU = {
  ref: "ORG-0001",
  key: "id:GB:123456789",
  name: "London South Bank University",
  identifier: "123 456 789",
  scheme: null,
  country: "GB",
};
describe("parseEformsNotice on the official LSBU award and its modification", () => {
  const award = parse("eforms_example_award_can_24_LSBU.xml");
  const modification = parse("eforms_example_modification_can-modif_24_value.xml");

  it("reads the LSBU award: PwC UK LLP, 4,500,000 GBP, 12 tenders", () => {
    expect(award).toMatchObject({
      noticeId: "34453177-5a72-4c6f-b531-19b5aaa217ba",
      version: "01",
      publicationNumber: null,
      noticeType: "can-standard",
      kind: "result",
      procedureId: "d5049cd6-caec-47cd-ab5f-2f7715f975e0",
      issuedAt: "2018-08-02T07:08:08.000Z",
      title: "Change Partner",
      deadline: null,
      estimatedValue: null,
      buyers: [LSBU],
      lots: [
        {
          id: "LOT-0000",
          title: "Change Partner",
          deadline: null,
          estimatedValue: null,
          contractEnd: null,
          frameworkAgreement: "fa-wo-rc",
          dps: "none",
          framework: true,
        },
      ],
      truncated: false,
      problems: [],
    });
    expect(award.result).toStrictEqual({
      totalValue: null,
      awards: [
        {
          lotId: "LOT-0000",
          resultId: "RES-0001",
          status: "awarded",
          statusCode: "selec-w",
          winners: [
            {
              ref: "ORG-0003",
              key: "name:pwc uk:GB",
              name: "PwC UK LLP",
              identifier: "ABCDEFGH",
              scheme: null,
              country: "GB",
            },
          ],
          value: { amount: "4500000.00", currency: "GBP" },
          decidedAt: "2000-01-01",
          contractSignedAt: "2018-07-31",
          contractEnd: null,
          framework: true,
          tendersReceived: 12,
          notAwardedReason: null,
          contractIds: ["CON-0001"],
        },
      ],
    });
  });

  it("reads the modification of contract CON-0001: 4,500,000 → 6,430,000 GBP", () => {
    expect(modification).toMatchObject({
      noticeId: "3572a106-eb30-4c7a-8ac5-b3502f71742a",
      noticeType: "can-modif",
      formType: "cont-modif",
      subtype: "38",
      kind: "modification",
      procedureId: "8e8b5cf4-595b-4562-85b0-7c79922cb330",
      buyers: [LSBU],
      change: null,
      problems: [],
    });
    expect(modification.modification).toStrictEqual({
      changedNotice: { id: "342558-2018", version: null, scheme: "ojs-notice-id" },
      contractId: "CON-0001",
      descriptions: ["Increase in framework value"],
      reasonCode: "add-wss",
      reasonDescription:
        "The original business case was scoped as a technology replacement programme for a single system. Analysis in the early stages of the programme indicated that two core enterprise systems should be replaced. In order to maximise benefit for these systems replacement activities, it was agreed that the organisation should consider people and process in addition to systems replacement, and work has been re-scoped to accommodate this.",
      newValue: { amount: "6430000.00", currency: "GBP" },
    });
    expect(award.result?.awards[0]?.value).toEqual({ amount: "4500000.00", currency: "GBP" });
    // The example states the notice total in EUR while the tender is in GBP: both kept as written.
    expect(modification.result?.totalValue).toEqual({ amount: "4500000.00", currency: "EUR" });
    const [lot] = modification.result?.awards ?? [];
    expect(lot).toMatchObject({
      lotId: "LOT-0000",
      status: null,
      value: { amount: "6430000.00", currency: "GBP" },
      decidedAt: "2018-07-31",
      contractSignedAt: "2018-08-02",
      tendersReceived: null,
    });
    expect(lot?.winners.map((w) => [w.ref, w.name, w.identifier, w.country])).toEqual([
      ["ORG-0004", "PwC UK LLP", "not available", "GB"],
    ]);
  });

  it("gives the winner the same organisation key in the award and in the modification", () => {
    expect(award.result?.awards[0]?.winners[0]?.key).toBe("name:pwc uk:GB");
    expect(modification.result?.awards[0]?.winners[0]?.key).toBe("name:pwc uk:GB");
    expect(award.buyers[0]?.key).toBe(modification.buyers[0]?.key);
  });
});

describe("parseEformsNotice on the fictional maximal award notice", () => {
  const notice = parse("FICTIONAL_eforms_example_award_can_24_maximal.xml");

  it("reads the notice and its two lots (the group of lots is not a lot)", () => {
    expect(notice).toMatchObject({
      noticeId: "15377ca1-6cf7-4060-90f0-9290128957a3",
      version: "03",
      kind: "result",
      subtype: "29",
      procedureId: "2d2d24a2-df84-449e-8695-fb66ef504a5a",
      issuedAt: "2023-04-23T19:59:32.000Z",
      title: "Procurement Title ---",
      estimatedValue: { amount: "9999999.99", currency: "EUR" },
      previousNotice: null,
      truncated: false,
      problems: [],
    });
    expect(notice.buyers).toEqual([
      {
        ref: "ORG-0001",
        key: "id:LU:998298",
        name: "Financial Adinistration for ...",
        identifier: "998298",
        scheme: null,
        country: "LU",
      },
    ]);
    expect(notice.lots).toEqual([
      {
        id: "LOT-0001",
        title: "Title ---",
        deadline: null,
        estimatedValue: { amount: "9999999.99", currency: "EUR" },
        contractEnd: "2023-05-23",
        frameworkAgreement: "fa-w-rc",
        dps: "dps-list",
        framework: true,
      },
      {
        id: "LOT-0002",
        title: "Title lot 2---",
        deadline: null,
        estimatedValue: { amount: "9999999.99", currency: "EUR" },
        contractEnd: "2023-05-23",
        frameworkAgreement: "fa-w-rc",
        dps: "none",
        framework: true,
      },
    ]);
  });

  it("lot 1 is awarded to a consortium and a second tenderer; lot 2 is not awarded", () => {
    expect(notice.result?.totalValue).toEqual({ amount: "9999999.99", currency: "EUR" });
    const [awarded, notAwarded] = notice.result?.awards ?? [];
    expect(awarded).toStrictEqual({
      lotId: "LOT-0001",
      resultId: "RES-0001",
      status: "awarded",
      statusCode: "selec-w",
      winners: [
        {
          ref: "ORG-0008",
          key: "id:LU:927384203",
          name: "Gyro Soft SA",
          identifier: "927384203",
          scheme: null,
          country: "LU",
        },
        {
          ref: "ORG-0009",
          key: "id:DE:928374653",
          name: "The best App Ltd.",
          identifier: "928374653",
          scheme: null,
          country: "DE",
        },
        {
          ref: "ORG-0011",
          key: "id:FR:1223456789",
          name: "Competitor",
          identifier: "1223456789",
          scheme: null,
          country: "FR",
        },
      ],
      value: { amount: "19999999.98", currency: "EUR" },
      decidedAt: "2023-03-23",
      contractSignedAt: "2023-03-24",
      contractEnd: "2023-05-23",
      framework: true,
      tendersReceived: 9,
      notAwardedReason: null,
      contractIds: ["CON-0001", "CON-0002"],
    });
    expect(notAwarded).toStrictEqual({
      lotId: "LOT-0002",
      resultId: "RES-0002",
      status: "not-awarded",
      statusCode: "clos-nw",
      winners: [],
      value: null,
      decidedAt: "2000-01-01",
      contractSignedAt: null,
      contractEnd: null,
      framework: true,
      tendersReceived: 1,
      notAwardedReason: "all-rej",
      contractIds: [],
    });
  });
});
