/** What `syntheticEformsNotice` writes; every text is inserted as given (escape it yourself). */
export interface SyntheticEformsNoticeOptions {
  /** Number of lots, each with a lot result awarded to the winning tender. */
  lots?: number;
  /** One winning tender for all lots (small notices with many lots) or one tender per lot. */
  tenderPerLot?: boolean;
  winnerName?: string;
  winnerCompanyId?: string;
  /** The winning tender's value (BT-720) as written. */
  amount?: string;
  currency?: string;
  title?: string;
  tendersReceived?: string;
  /** Members of the winning tendering party (a consortium); the first is `winnerName`. */
  winners?: number;
}

const NS = [
  'xmlns="urn:oasis:names:specification:ubl:schema:xsd:ContractAwardNotice-2"',
  'xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"',
  'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"',
  'xmlns:efac="http://data.europa.eu/p27/eforms-ubl-extension-aggregate-components/1"',
  'xmlns:efbc="http://data.europa.eu/p27/eforms-ubl-extension-basic-components/1"',
  'xmlns:efext="http://data.europa.eu/p27/eforms-ubl-extensions/1"',
  'xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"',
].join(" ");

const pad = (n: number) => String(n).padStart(4, "0");

/**
 * A small, valid-looking eForms contract award notice (subtype 29) for tests: a buyer, a winner,
 * `lots` lots each with a lot result. Not a real notice: only the elements the parser reads.
 */
export function syntheticEformsNotice(options: SyntheticEformsNoticeOptions = {}): string {
  const lots = options.lots ?? 1;
  const tenderPerLot = options.tenderPerLot ?? false;
  const currency = options.currency ?? "EUR";
  const tenderOf = (lot: number) => `TEN-${pad(tenderPerLot ? lot : 1)}`;
  const parts: string[] = [];
  for (let lot = 1; lot <= lots; lot++) {
    parts.push(
      `<efac:LotResult><cbc:ID>RES-${pad(lot)}</cbc:ID><cbc:TenderResultCode listName="winner-selection-status">selec-w</cbc:TenderResultCode><efac:LotTender><cbc:ID>${tenderOf(lot)}</cbc:ID></efac:LotTender><efac:ReceivedSubmissionsStatistics><efbc:StatisticsCode>tenders</efbc:StatisticsCode><efbc:StatisticsNumeric>${options.tendersReceived ?? "3"}</efbc:StatisticsNumeric></efac:ReceivedSubmissionsStatistics><efac:TenderLot><cbc:ID>LOT-${pad(lot)}</cbc:ID></efac:TenderLot></efac:LotResult>`,
    );
  }
  for (let tender = 1; tender <= (tenderPerLot ? lots : 1); tender++) {
    parts.push(
      `<efac:LotTender><cbc:ID>TEN-${pad(tender)}</cbc:ID><cac:LegalMonetaryTotal><cbc:PayableAmount currencyID="${currency}">${options.amount ?? "1000"}</cbc:PayableAmount></cac:LegalMonetaryTotal><efac:TenderingParty><cbc:ID>TPA-0001</cbc:ID></efac:TenderingParty></efac:LotTender>`,
    );
  }
  const members = Array.from({ length: options.winners ?? 1 }, (_, i) => `ORG-${pad(i + 2)}`);
  parts.push(
    `<efac:TenderingParty><cbc:ID>TPA-0001</cbc:ID>${members.map((ref) => `<efac:Tenderer><cbc:ID>${ref}</cbc:ID></efac:Tenderer>`).join("")}</efac:TenderingParty>`,
  );
  const organisation = (ref: string, name: string, companyId: string) =>
    `<efac:Organization><efac:Company><cac:PartyIdentification><cbc:ID>${ref}</cbc:ID></cac:PartyIdentification><cac:PartyName><cbc:Name>${name}</cbc:Name></cac:PartyName><cac:PostalAddress><cac:Country><cbc:IdentificationCode>DEU</cbc:IdentificationCode></cac:Country></cac:PostalAddress><cac:PartyLegalEntity><cbc:CompanyID>${companyId}</cbc:CompanyID></cac:PartyLegalEntity></efac:Company></efac:Organization>`;
  const lotElements: string[] = [];
  for (let lot = 1; lot <= lots; lot++) {
    lotElements.push(
      `<cac:ProcurementProjectLot><cbc:ID schemeName="Lot">LOT-${pad(lot)}</cbc:ID></cac:ProcurementProjectLot>`,
    );
  }
  return [
    `<?xml version="1.0" encoding="UTF-8"?><ContractAwardNotice ${NS}>`,
    "<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent><efext:EformsExtension>",
    `<efac:NoticeResult>${parts.join("")}</efac:NoticeResult>`,
    '<efac:NoticeSubType><cbc:SubTypeCode listName="notice-subtype">29</cbc:SubTypeCode></efac:NoticeSubType>',
    `<efac:Organizations>${organisation("ORG-0001", "Stadt Musterhausen", "DE123456789")}${organisation("ORG-0002", options.winnerName ?? "Muster Bau GmbH", options.winnerCompanyId ?? "HRB 12345")}${members
      .slice(1)
      .map((ref, i) => organisation(ref, `Partner ${i + 1} GmbH`, `HRB ${i + 1}`))
      .join("")}</efac:Organizations>`,
    "</efext:EformsExtension></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>",
    '<cbc:ID schemeName="notice-id">11111111-2222-4333-8444-555555555555</cbc:ID>',
    "<cbc:ContractFolderID>66666666-7777-4888-9999-000000000000</cbc:ContractFolderID>",
    "<cbc:IssueDate>2026-03-01+01:00</cbc:IssueDate><cbc:VersionID>01</cbc:VersionID>",
    '<cbc:NoticeTypeCode listName="result">can-standard</cbc:NoticeTypeCode>',
    "<cac:ContractingParty><cac:Party><cac:PartyIdentification><cbc:ID>ORG-0001</cbc:ID></cac:PartyIdentification></cac:Party></cac:ContractingParty>",
    `<cac:ProcurementProject><cbc:Name>${options.title ?? "Road repairs"}</cbc:Name></cac:ProcurementProject>`,
    lotElements.join(""),
    "<cac:TenderResult><cbc:AwardDate>2026-02-20+01:00</cbc:AwardDate></cac:TenderResult>",
    "</ContractAwardNotice>",
  ].join("");
}
