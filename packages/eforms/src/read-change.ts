import type { EformsChange, EformsModification } from "./eforms-notice-v1.js";
import type { NoticeReader } from "./notice-reader.js";
import { type AwardContext, tendersOutcome } from "./read-lot-awards.js";
import { readNoticeRef } from "./read-notice-ref.js";
import { children, first, type XmlNode } from "./xml-tree.js";

function texts(nodes: readonly XmlNode[], reader: NoticeReader, what: string): string[] {
  const read = nodes.map((node) => reader.line(node, what)).filter((text): text is string => text !== null);
  return reader.keep([...new Set(read)], reader.limits.maxListItems, what);
}

/** `efac:Changes` of a change notice (BT-758, BT-140, BT-762, BT-141, BT-13716, BT-718). */
export function readChange(changes: XmlNode | undefined, reader: NoticeReader): EformsChange | null {
  if (changes === undefined) return null;
  const change = children(changes, "Change");
  const indicator = reader.id(
    first(changes, "Change", "ProcurementDocumentsChangeIndicator"),
    "documents changed",
  );
  return {
    changedNotice: readNoticeRef(first(changes, "ChangedNoticeIdentifier"), reader, "changed notice"),
    reasonCode: reader.id(first(changes, "ChangeReason", "ReasonCode"), "change reason"),
    reasonDescription: reader.line(
      first(changes, "ChangeReason", "ReasonDescription"),
      "change reason description",
    ),
    descriptions: texts(
      change.flatMap((item) => children(item, "ChangeDescription")),
      reader,
      "change descriptions",
    ),
    changedSections: texts(
      change.flatMap((item) =>
        children(item, "ChangedSection").flatMap((s) => children(s, "ChangedSectionIdentifier")),
      ),
      reader,
      "changed sections",
    ),
    documentsChanged: indicator === "true" ? true : indicator === "false" ? false : null,
  };
}

/** `efac:ContractModification` (BT-758, BT-1501, BT-202, BT-200, BT-201) and the contract's new value. */
export function readModification(
  modification: XmlNode | undefined,
  context: AwardContext,
): EformsModification | null {
  if (modification === undefined) return null;
  const { reader } = context;
  const contractId = reader.id(first(modification, "ModifiedContractIdentifier"), "modified contract");
  const contract = contractId === null ? undefined : context.contracts.get(contractId);
  const tenderIds = children(contract, "LotTender")
    .map((tender) => reader.id(first(tender, "ID"), "tender of the modified contract"))
    .filter((id): id is string => id !== null);
  const outcome = tendersOutcome(
    reader.keep(tenderIds, reader.limits.maxOrganisations, "tenders of the modified contract"),
    context,
    `modified contract ${contractId ?? "?"}`,
  );
  return {
    changedNotice: readNoticeRef(first(modification, "ChangedNoticeIdentifier"), reader, "modified notice"),
    contractId,
    descriptions: texts(
      children(modification, "Change").flatMap((item) => children(item, "ChangeDescription")),
      reader,
      "modification descriptions",
    ),
    reasonCode: reader.id(first(modification, "ChangeReason", "ReasonCode"), "modification reason"),
    reasonDescription: reader.line(
      first(modification, "ChangeReason", "ReasonDescription"),
      "modification reason description",
    ),
    newValue: outcome.value,
  };
}
