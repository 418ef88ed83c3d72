import { combineDateAndTime, noticeKindOf } from "@tender/contracts";
import { checkXmlInput } from "./check-xml-input.js";
import { EFORMS_LIMITS, type EformsLimits } from "./eforms-limits.js";
import type { EformsNoticeV1 } from "./eforms-notice-v1.js";
import { type EformsRefusal, refuse } from "./eforms-refusal.js";
import { NoticeReader } from "./notice-reader.js";
import { readChange, readModification } from "./read-change.js";
import { type AwardContext, indexById, readLotAward } from "./read-lot-awards.js";
import { readDeadline, readLots, readTitle } from "./read-lots.js";
import { readNoticeRef } from "./read-notice-ref.js";
import { readOrganisations, resolveOrganisations } from "./read-organisations.js";
import { all, first, parseXmlTree, type XmlNode } from "./xml-tree.js";

/** The root elements of eForms notices: planning, competition and result forms (and their changes). */
export const EFORMS_ROOTS: readonly string[] = [
  "PriorInformationNotice",
  "ContractNotice",
  "ContractAwardNotice",
];

export type EformsParseResult = { ok: true; notice: EformsNoticeV1 } | EformsRefusal;

/**
 * Reads an eForms UBL notice into a bounded `EformsNoticeV1`, or says why not. Never throws: a
 * notice too large, with a DOCTYPE, too deep, with too many elements, not XML or not eForms is a
 * refusal with a reason; lots, winners and texts beyond `limits` are cut and the summary says so.
 */
export function parseEformsNotice(
  input: string | Uint8Array,
  limits: Partial<EformsLimits> = {},
): EformsParseResult {
  const bounds: EformsLimits = { ...EFORMS_LIMITS, ...limits };
  try {
    const text = checkXmlInput(input, bounds);
    if (typeof text !== "string") return text;
    let tree: ReturnType<typeof parseXmlTree>;
    try {
      tree = parseXmlTree(text, bounds.maxDepth);
    } catch (error) {
      return refuse("not-xml", `The notice could not be parsed as XML: ${(error as Error).message}`);
    }
    if (tree === null || !EFORMS_ROOTS.includes(tree.name)) {
      const found = tree === null ? "no root element" : `root element ${tree.name.slice(0, 100)}`;
      return refuse(
        "not-eforms",
        `This is not an eForms notice (${found}; expected ${EFORMS_ROOTS.join(", ")}).`,
      );
    }
    return { ok: true, notice: readNotice(tree.root, new NoticeReader(bounds)) };
  } catch (error) {
    return refuse(
      "not-eforms",
      `The notice could not be read: ${String((error as Error)?.message ?? error)}`,
    );
  }
}

function readNotice(root: XmlNode, reader: NoticeReader): EformsNoticeV1 {
  const extension = first(root, "UBLExtensions", "UBLExtension", "ExtensionContent", "EformsExtension");
  const language = reader.id(first(root, "NoticeLanguageCode"), "notice language");
  const typeNode = first(root, "NoticeTypeCode");
  const noticeType = reader.id(typeNode, "notice type");
  const formType = reader.attribute(typeNode, "listName", "form type");
  const organisations = readOrganisations(extension, reader);
  const lots = readLots(root, language, reader);
  const project = first(root, "ProcurementProject");
  const change = readChange(first(extension, "Changes"), reader);
  const noticeResult = first(extension, "NoticeResult");
  const context: AwardContext = {
    reader,
    organisations,
    tenders: indexById(noticeResult, "LotTender", reader),
    contracts: indexById(noticeResult, "SettledContract", reader),
    parties: indexById(noticeResult, "TenderingParty", reader),
    lots,
    noticeAwardDate: reader.date(first(root, "TenderResult", "AwardDate"), "award date"),
    tenderCache: new Map(),
  };
  const issueDate = reader.line(first(root, "IssueDate"), "issue date", 64);
  const issueTime = reader.line(first(root, "IssueTime"), "issue time", 64);
  const publication = reader.id(first(extension, "Publication", "NoticePublicationID"), "publication number");
  const notice: EformsNoticeV1 = {
    noticeId: reader.id(first(root, "ID"), "notice identifier"),
    version: reader.id(first(root, "VersionID"), "notice version"),
    publicationNumber: publication === null ? null : publication.replace(/^0+(?=\d)/, ""),
    noticeType,
    formType,
    subtype: reader.id(first(extension, "NoticeSubType", "SubTypeCode"), "notice subtype"),
    kind: noticeKindOf({
      noticeType,
      formType,
      changesNotice: change?.changedNotice != null,
      changeReason: change?.reasonCode ?? null,
    }),
    procedureId: reader.id(first(root, "ContractFolderID"), "procedure identifier"),
    issuedAt: issueDate === null ? null : combineDateAndTime(issueDate, issueTime),
    language,
    title: readTitle(project, language, reader, "title"),
    deadline:
      lots
        .map((lot) => lot.deadline)
        .filter((deadline): deadline is string => deadline !== null)
        .sort()[0] ?? readDeadline(first(root, "TenderingProcess"), reader, "notice"),
    estimatedValue: reader.money(
      first(project, "RequestedTenderTotal", "EstimatedOverallContractAmount"),
      "estimated value",
    ),
    documents: readDocuments(root, reader),
    buyers: resolveOrganisations(
      all(root, "ContractingParty", "Party", "PartyIdentification", "ID").map((id) => reader.id(id, "buyer")),
      organisations,
      reader,
      "buyers",
    ),
    lots,
    previousNotice: readNoticeRef(
      first(root, "TenderingProcess", "NoticeDocumentReference", "ID"),
      reader,
      "previous notice",
    ),
    change,
    result:
      noticeResult === undefined
        ? null
        : {
            totalValue: reader.money(first(noticeResult, "TotalAmount"), "total value"),
            awards: reader
              .keep(all(noticeResult, "LotResult"), reader.limits.maxLots, "lot results")
              .map((lotResult) => readLotAward(lotResult, context)),
          },
    modification: readModification(first(extension, "ContractModification"), context),
    truncated: false,
    truncation: reader.truncation,
    problems: reader.problems,
  };
  reader.finish();
  return { ...notice, truncated: reader.truncated };
}

/** Links to the procurement documents (BT-15) of the notice and its lots, distinct. */
function readDocuments(root: XmlNode, reader: NoticeReader): string[] {
  const path = [
    "TenderingTerms",
    "CallForTendersDocumentReference",
    "Attachment",
    "ExternalReference",
    "URI",
  ];
  const nodes = [
    ...all(root, ...path),
    ...all(root, "ProcurementProjectLot").flatMap((lot) => all(lot, ...path)),
  ];
  const links = new Set<string>();
  for (const node of nodes) {
    const link = reader.line(node, "document link", 4096);
    if (link !== null) links.add(link);
  }
  return reader.keep([...links], reader.limits.maxListItems, "document links");
}
