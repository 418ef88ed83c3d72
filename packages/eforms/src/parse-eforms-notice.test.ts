import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { EformsNoticeV1 } from "./eforms-notice-v1.js";
import { parseEformsNotice } from "./parse-eforms-notice.js";
import { syntheticEformsNotice } from "./testing/index.js";

const fixture = (file: string) => readFileSync(new URL(`../fixtures/${file}`, import.meta.url), "utf8");
const COMPETITION = fixture("eforms_real_chain_1_competition_831374-2025.xml");
const CHANGE = fixture("eforms_real_chain_2_change_6281-2026.xml");
const AWARD = fixture("eforms_real_chain_4_award_380868-2026.xml");

function read(xml: string | Uint8Array): EformsNoticeV1 {
  const result = parseEformsNotice(xml);
  if (!result.ok) throw new Error(result.message);
  return result.notice;
}

describe("parseEformsNotice", () => {
  it("reads a prior information notice as planning", () => {
    const pin = COMPETITION.replaceAll("ContractNotice", "PriorInformationNotice").replace(
      '<cbc:NoticeTypeCode xmlns="" listName="competition">cn-standard</cbc:NoticeTypeCode>',
      '<cbc:NoticeTypeCode listName="planning">pin-only</cbc:NoticeTypeCode>',
    );
    expect(read(pin)).toMatchObject({ kind: "planning", noticeType: "pin-only", formType: "planning" });
  });

  it("reads a change whose reason is cancel as a cancellation", () => {
    const cancel = CHANGE.replace(">update-add<", ">cancel<");
    expect(read(cancel)).toMatchObject({ kind: "cancellation", change: { reasonCode: "cancel" } });
  });

  it("reads what a change notice states about itself: descriptions, sections, documents", () => {
    const stated = CHANGE.replace(
      "</efac:ChangeReason>",
      "</efac:ChangeReason><efac:Change><efbc:ChangeDescription>Deadline extended by six days</efbc:ChangeDescription><efbc:ProcurementDocumentsChangeIndicator>true</efbc:ProcurementDocumentsChangeIndicator><efac:ChangedSection><efbc:ChangedSectionIdentifier>LOT-0001</efbc:ChangedSectionIdentifier></efac:ChangedSection></efac:Change>",
    );
    expect(read(stated).change).toEqual({
      changedNotice: { id: "a6e3de9d-b506-45df-869b-ea7b3749cfc9", version: "01", scheme: null },
      reasonCode: "update-add",
      reasonDescription: null,
      descriptions: ["Deadline extended by six days"],
      changedSections: ["LOT-0001"],
      documentsChanged: true,
    });
  });

  it("takes the title in the notice's language when several are given", () => {
    const twoLanguages = COMPETITION.replace(
      '<cbc:Name languageID="ENG">CT2377/2025',
      '<cbc:Name languageID="MLT">Kuntratt qafas</cbc:Name><cbc:Name languageID="ENG">CT2377/2025',
    );
    expect(read(twoLanguages).title?.startsWith("CT2377/2025")).toBe(true);
  });

  it("reads UTF-8 bytes, with or without a byte order mark", () => {
    expect(read(Buffer.from(AWARD)).procedureId).toBe("32c34097-960e-4d02-b04d-3ceac32cf020");
    expect(read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(AWARD)])).noticeId).toBe(
      "f5bec521-611c-4d54-9646-59d643a00627",
    );
  });

  it("gives an open lot no winner and no decision date", () => {
    const open = read(AWARD.replace(">selec-w<", ">open-nw<"));
    expect(open.result?.awards[0]).toMatchObject({
      status: "open",
      winners: [],
      value: null,
      decidedAt: null,
    });
  });

  it("does not add up winning tenders in different currencies, and says so", () => {
    const xml = syntheticEformsNotice({ lots: 1, tenderPerLot: true }).replace(
      "<efac:LotTender><cbc:ID>TEN-0001</cbc:ID></efac:LotTender>",
      "<efac:LotTender><cbc:ID>TEN-0001</cbc:ID></efac:LotTender><efac:LotTender><cbc:ID>TEN-0002</cbc:ID></efac:LotTender>",
    );
    const second =
      '<efac:LotTender><cbc:ID>TEN-0002</cbc:ID><cac:LegalMonetaryTotal><cbc:PayableAmount currencyID="GBP">5</cbc:PayableAmount></cac:LegalMonetaryTotal><efac:TenderingParty><cbc:ID>TPA-0001</cbc:ID></efac:TenderingParty></efac:LotTender>';
    const notice = read(xml.replace("</efac:NoticeResult>", `${second}</efac:NoticeResult>`));
    expect(notice.result?.awards[0]?.value).toBeNull();
    expect(notice.problems).toEqual([
      "lot LOT-0001: the winning tenders are in different currencies and are not added up",
    ]);
  });

  it("adds up winning tenders in one currency exactly", () => {
    const xml = syntheticEformsNotice({ amount: "0.10" }).replace(
      "<efac:LotTender><cbc:ID>TEN-0001</cbc:ID></efac:LotTender>",
      "<efac:LotTender><cbc:ID>TEN-0001</cbc:ID></efac:LotTender><efac:LotTender><cbc:ID>TEN-0002</cbc:ID></efac:LotTender>",
    );
    const second =
      '<efac:LotTender><cbc:ID>TEN-0002</cbc:ID><cac:LegalMonetaryTotal><cbc:PayableAmount currencyID="EUR">0.2</cbc:PayableAmount></cac:LegalMonetaryTotal><efac:TenderingParty><cbc:ID>TPA-0001</cbc:ID></efac:TenderingParty></efac:LotTender>';
    const notice = read(xml.replace("</efac:NoticeResult>", `${second}</efac:NoticeResult>`));
    // 0.1 + 0.2 in floating point is 0.30000000000000004.
    expect(notice.result?.awards[0]?.value).toEqual({ amount: "0.30", currency: "EUR" });
  });

  it("counts a winning tender named twice once", () => {
    const xml = syntheticEformsNotice({ amount: "7.50" }).replace(
      "<efac:LotTender><cbc:ID>TEN-0001</cbc:ID></efac:LotTender>",
      "<efac:LotTender><cbc:ID>TEN-0001</cbc:ID></efac:LotTender><efac:LotTender><cbc:ID>TEN-0001</cbc:ID></efac:LotTender>",
    );
    expect(read(xml).result?.awards[0]?.value).toEqual({ amount: "7.50", currency: "EUR" });
  });

  it("names references to tenders, parties and organisations that the notice lacks", () => {
    const broken = AWARD.replace("<cbc:ID>ORG-0002</cbc:ID>\n", "<cbc:ID>ORG-0099</cbc:ID>\n").replace(
      "<efac:LotTender>\n                                <cbc:ID>TEN-0001</cbc:ID>",
      "<efac:LotTender>\n                                <cbc:ID>TEN-0001</cbc:ID></efac:LotTender><efac:LotTender><cbc:ID>TEN-0404</cbc:ID>",
    );
    const notice = read(broken);
    expect(notice.result?.awards[0]?.winners).toEqual([]);
    expect(notice.problems).toEqual([
      "lot LOT-0001: tender TEN-0404 is not in the notice",
      "winners of lot LOT-0001: organisation ORG-0099 is not in the notice",
    ]);
  });

  it("keeps 100 members of a 150-member consortium and says so", () => {
    const notice = read(syntheticEformsNotice({ winners: 150 }));
    expect(notice.result?.awards[0]?.winners).toHaveLength(100);
    expect(notice.truncation).toEqual(["members of tendering party TPA-0001: 150 given, the first 100 kept"]);
  });
});
