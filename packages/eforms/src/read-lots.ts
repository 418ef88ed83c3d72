import { combineDateAndTime } from "@tender/contracts";
import type { EformsLot } from "./eforms-notice-v1.js";
import type { NoticeReader } from "./notice-reader.js";
import { readContractingSystem } from "./read-contracting-system.js";
import { all, children, first, rawAttribute, type XmlNode } from "./xml-tree.js";

/** The submission deadline of a lot (BT-131 date and time) as a UTC timestamp. */
export function readDeadline(
  tenderingProcess: XmlNode | undefined,
  reader: NoticeReader,
  what: string,
): string | null {
  const period = first(tenderingProcess, "TenderSubmissionDeadlinePeriod");
  const date = reader.line(first(period, "EndDate"), `${what} deadline date`, 64);
  if (date === null) return null;
  const time = reader.line(first(period, "EndTime"), `${what} deadline time`, 64);
  const deadline = combineDateAndTime(date, time);
  if (deadline === null) reader.problem(`${what} deadline: "${date}" "${time ?? ""}" is not a date and time`);
  return deadline;
}

/** The title in the notice's language when several languages are given, else the first. */
export function readTitle(
  project: XmlNode | undefined,
  language: string | null,
  reader: NoticeReader,
  what: string,
) {
  const names = children(project, "Name");
  const inLanguage = names.find((name) => rawAttribute(name, "languageID") === language);
  return reader.line(inLanguage ?? names[0], what);
}

/** The lots, without groups of lots (`LotsGroup`), at most `maxLots`. */
export function readLots(root: XmlNode, language: string | null, reader: NoticeReader): EformsLot[] {
  const lots = all(root, "ProcurementProjectLot").filter(
    (lot) => rawAttribute(first(lot, "ID"), "schemeName") !== "LotsGroup",
  );
  const kept = reader.keep(lots, reader.limits.maxLots, "lots");
  const read: EformsLot[] = [];
  for (const [index, lot] of kept.entries()) {
    const id = reader.id(first(lot, "ID"), "lot identifier");
    if (id === null) {
      reader.problem(`lot ${index + 1} has no identifier and is left out`);
      continue;
    }
    const project = first(lot, "ProcurementProject");
    const tenderingProcess = first(lot, "TenderingProcess");
    read.push({
      id,
      title: readTitle(project, language, reader, `title of lot ${id}`),
      deadline: readDeadline(tenderingProcess, reader, `lot ${id}`),
      estimatedValue: reader.money(
        first(project, "RequestedTenderTotal", "EstimatedOverallContractAmount"),
        `estimated value of lot ${id}`,
      ),
      contractEnd: reader.date(first(project, "PlannedPeriod", "EndDate"), `contract end of lot ${id}`),
      ...readContractingSystem(tenderingProcess, reader, `lot ${id}`),
    });
  }
  return read;
}
