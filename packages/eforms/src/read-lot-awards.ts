import type { EformsLot, EformsLotAward, EformsOrganisation } from "./eforms-notice-v1.js";
import type { Money, NoticeReader } from "./notice-reader.js";
import { resolveOrganisations } from "./read-organisations.js";
import { all, children, first, type XmlNode } from "./xml-tree.js";

const STATUS: Record<string, EformsLotAward["status"]> = {
  "selec-w": "awarded",
  "clos-nw": "not-awarded",
  "open-nw": "open",
};

/** Elements of `efac:NoticeResult` by their own `cbc:ID` (`TEN-0001`, `CON-0001`, `TPA-0001`). */
export function indexById(
  result: XmlNode | undefined,
  name: string,
  reader: NoticeReader,
): Map<string, XmlNode> {
  const byId = new Map<string, XmlNode>();
  for (const node of children(result, name)) {
    const id = reader.id(first(node, "ID"), `${name} identifier`);
    if (id !== null && !byId.has(id)) byId.set(id, node);
  }
  return byId;
}

/** Exact sum of amounts in one currency; null (and a problem) when currencies differ. */
export function sumMoney(values: readonly Money[], reader: NoticeReader, what: string): Money | null {
  const first = values[0];
  if (first === undefined) return null;
  if (values.some((value) => value.currency !== first.currency)) {
    reader.problem(`${what}: the winning tenders are in different currencies and are not added up`);
    return null;
  }
  const cents = values.reduce((sum, value) => sum + BigInt(value.amount.replace(".", "")), 0n);
  const text = cents.toString().padStart(3, "0");
  return { amount: `${text.slice(0, -2)}.${text.slice(-2)}`, currency: first.currency };
}

function earliest(dates: readonly (string | null)[]): string | null {
  return dates.filter((date): date is string => date !== null).sort()[0] ?? null;
}

export interface AwardContext {
  reader: NoticeReader;
  organisations: ReadonlyMap<string, EformsOrganisation>;
  tenders: ReadonlyMap<string, XmlNode>;
  contracts: ReadonlyMap<string, XmlNode>;
  parties: ReadonlyMap<string, XmlNode>;
  lots: readonly EformsLot[];
  /** The notice-level award date (`cac:TenderResult/cbc:AwardDate`). */
  noticeAwardDate: string | null;
  /** Tenders already read: many lot results may name one tender of a large tendering party. */
  tenderCache: Map<string, TenderRead | null>;
}

interface TenderRead {
  value: Money | null;
  memberRefs: (string | null)[];
}

function readTender(tenderId: string, context: AwardContext, what: string): TenderRead | null {
  const cached = context.tenderCache.get(tenderId);
  if (cached !== undefined || context.tenderCache.has(tenderId)) return cached ?? null;
  const { reader } = context;
  const tender = context.tenders.get(tenderId);
  let read: TenderRead | null = null;
  if (tender === undefined) {
    reader.problem(`${what}: tender ${tenderId} is not in the notice`);
  } else {
    const partyId = reader.id(first(tender, "TenderingParty", "ID"), `tendering party of ${tenderId}`);
    const party = partyId === null ? undefined : context.parties.get(partyId);
    if (partyId !== null && party === undefined) {
      reader.problem(`${what}: tendering party ${partyId} is not in the notice`);
    }
    const members = reader.keep(
      children(party, "Tenderer"),
      reader.limits.maxOrganisations,
      `members of tendering party ${partyId}`,
    );
    read = {
      value: reader.money(
        first(tender, "LegalMonetaryTotal", "PayableAmount"),
        `value of tender ${tenderId}`,
      ),
      memberRefs: members.map((tenderer) => reader.id(first(tenderer, "ID"), "tenderer")),
    };
  }
  context.tenderCache.set(tenderId, read);
  return read;
}

/** The tenders' value (BT-720) summed, and their tendering parties' members as winners. */
export function tendersOutcome(tenderIds: readonly string[], context: AwardContext, what: string) {
  const reads = tenderIds
    .map((tenderId) => readTender(tenderId, context, what))
    .filter((read): read is TenderRead => read !== null);
  const values = reads.map((read) => read.value).filter((value): value is Money => value !== null);
  return {
    value: sumMoney(values, context.reader, what),
    winners: resolveOrganisations(
      reads.flatMap((read) => read.memberRefs),
      context.organisations,
      context.reader,
      `winners of ${what}`,
    ),
  };
}

/** One `efac:LotResult`: its winners, value, dates, tenders received and status. */
export function readLotAward(lotResult: XmlNode, context: AwardContext): EformsLotAward {
  const { reader } = context;
  const resultId = reader.id(first(lotResult, "ID"), "lot result identifier");
  const lotId = reader.id(first(lotResult, "TenderLot", "ID"), `lot of result ${resultId ?? "?"}`);
  const what = `lot ${lotId ?? resultId ?? "?"}`;
  const statusCode = reader.id(first(lotResult, "TenderResultCode"), `${what} status`);
  const status =
    statusCode !== null && Object.hasOwn(STATUS, statusCode) ? (STATUS[statusCode] ?? null) : null;
  // A tender named twice is one tender: its value counts once.
  const tenderIds = reader.keep(
    [
      ...new Set(
        children(lotResult, "LotTender")
          .map((tender) => reader.id(first(tender, "ID"), `${what} tender`))
          .filter((id): id is string => id !== null),
      ),
    ],
    reader.limits.maxOrganisations,
    `${what} tenders`,
  );
  const hasWinner = status !== "not-awarded" && status !== "open";
  const outcome = hasWinner ? tendersOutcome(tenderIds, context, what) : { value: null, winners: [] };
  const contractIds = reader.keep(
    children(lotResult, "SettledContract")
      .map((contract) => reader.id(first(contract, "ID"), `${what} contract`))
      .filter((id): id is string => id !== null),
    reader.limits.maxListItems,
    `${what} contracts`,
  );
  const contracts = contractIds
    .map((id) => context.contracts.get(id))
    .filter((contract): contract is XmlNode => contract !== undefined);
  const tenders = all(lotResult, "ReceivedSubmissionsStatistics").find(
    (statistics) => reader.id(first(statistics, "StatisticsCode"), `${what} statistics type`) === "tenders",
  );
  const lot = context.lots.find((candidate) => candidate.id === lotId);
  return {
    lotId,
    resultId,
    status,
    statusCode,
    winners: outcome.winners,
    value: outcome.value,
    decidedAt:
      earliest(
        contracts.map((contract) => reader.date(first(contract, "AwardDate"), `${what} decision date`)),
      ) ?? (status === "open" ? null : context.noticeAwardDate),
    contractSignedAt: earliest(
      contracts.map((contract) =>
        reader.date(first(contract, "IssueDate"), `${what} contract signature date`),
      ),
    ),
    contractEnd: hasWinner ? (lot?.contractEnd ?? null) : null,
    // The lot's technique, whatever the outcome: a framework concluded with no winner is still one.
    framework: lot?.framework ?? null,
    tendersReceived: reader.count(first(tenders, "StatisticsNumeric"), `${what} tenders received`),
    notAwardedReason: reader.id(first(lotResult, "DecisionReason", "DecisionReasonCode"), `${what} reason`),
    contractIds,
  };
}
