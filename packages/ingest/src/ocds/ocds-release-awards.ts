import { calendarDateOf, countryFromCode, countryFromName } from "@tender/contracts";
import { boundNoticeAwards } from "../awards/bound-notice-awards.js";
import type { NoticeAward, NoticeAwards, NoticeParty } from "../awards/notice-awards.js";
import { cleanLine } from "../mapping/clean-text.js";
import { toDecimalText } from "../mapping/decimal-text.js";
import { type Json, list, object } from "./ocds-json.js";

// OCDS award status codes; `cancelled` awards were not made either.
const STATUS: Record<string, NoticeAward["status"]> = {
  active: "awarded",
  pending: "open",
  unsuccessful: "not-awarded",
  cancelled: "not-awarded",
};

/**
 * The awards and buyer of an OCDS release (docs/records.md#awards-and-organisations), pure so
 * `tender remap` can rerun it on `raw_payload`:
 * - one award per `awards[]` entry, in release order: winners are its `suppliers`, looked up in
 *   `parties[]` by `id` for their `identifier` (`scheme`, `id`) and address country; the value is
 *   the contract's (`contracts[]` joined by `awardID`, what was signed) else the award's; the
 *   decision is the award's `date`; signature `dateSigned`; the end the contract's
 *   `period.endDate`, else the award's `contractPeriod.endDate`; the lot its `relatedLots`;
 * - a contract naming no award of the release (a contract amendment) is an award of its own,
 *   without winners;
 * - tenders received: `bids.statistics` (measure `bids`) for the lot, else `tender.numberOfTenderers`;
 * - the buyer: `buyer` looked up in `parties[]` the same way.
 * Dates are the calendar day the release writes, without time zone conversion.
 */
export function ocdsReleaseAwards(release: unknown): NoticeAwards {
  const r = object(release);
  const parties = new Map<string, Json>();
  for (const party of list(r.parties).map(object)) {
    const id = text(party.id);
    if (id !== null && !parties.has(id)) parties.set(id, party);
  }
  const awards = list(r.awards).map(object);
  const contracts = list(r.contracts).map(object);
  const contractOf = new Map<string, Json>();
  for (const contract of contracts) {
    const id = text(contract.awardID);
    if (id !== null && !contractOf.has(id)) contractOf.set(id, contract);
  }
  const awardIds = new Set(awards.map((award) => text(award.id)));
  const received = tendersReceived(r);
  const mapped: NoticeAward[] = awards.map((award) => {
    const id = text(award.id);
    const contract = id === null ? {} : (contractOf.get(id) ?? {});
    const lot = lotOf(award);
    const value = moneyOf(contract.value) ?? moneyOf(award.value);
    return {
      lot,
      status: STATUS[text(award.status) ?? ""] ?? null,
      winners: list(award.suppliers).map((supplier) => party(object(supplier), parties)),
      value: value?.amount ?? null,
      currency: value?.currency ?? null,
      decidedAt: day(award.date),
      contractSignedAt: day(contract.dateSigned),
      contractEnd: day(object(contract.period).endDate) ?? day(object(award.contractPeriod).endDate),
      tendersReceived: received(lot),
      // The release's `tender.techniques` says it for the whole notice, read where it is stored.
      framework: null,
    };
  });
  const orphans: NoticeAward[] = contracts
    .filter((contract) => !awardIds.has(text(contract.awardID)))
    .map((contract) => {
      const value = moneyOf(contract.value);
      return {
        lot: null,
        status: null,
        winners: [],
        value: value?.amount ?? null,
        currency: value?.currency ?? null,
        decidedAt: null,
        contractSignedAt: day(contract.dateSigned),
        contractEnd: day(object(contract.period).endDate),
        tendersReceived: null,
        framework: null,
      };
    });
  const buyer = r.buyer === undefined || r.buyer === null ? null : party(object(r.buyer), parties);
  return boundNoticeAwards({ buyer, awards: [...mapped, ...orphans], unreadable: null });
}

/** A supplier or buyer reference with what `parties[]` says about the same `id`. */
function party(reference: Json, parties: ReadonlyMap<string, Json>): NoticeParty {
  const id = text(reference.id);
  const full = (id === null ? undefined : parties.get(id)) ?? {};
  const identifier = object(full.identifier);
  const address = object(full.address);
  const country =
    (typeof address.country === "string" ? countryFromCode(address.country) : null) ??
    (typeof address.countryName === "string" ? countryFromName(address.countryName) : null);
  return {
    name: text(reference.name) ?? text(full.name),
    identifier: text(identifier.id),
    scheme: text(identifier.scheme),
    country,
  };
}

/** The lot of an award: its `relatedLots`, joined when it names several. */
function lotOf(award: Json): string | null {
  const lots = list(award.relatedLots)
    .map(text)
    .filter((lot) => lot !== null);
  return lots.length === 0 ? null : [...new Set(lots)].join(", ");
}

/** Tenders received for a lot: `bids.statistics` with measure `bids` (the lot's, else the release's), else `tender.numberOfTenderers`. */
function tendersReceived(release: Json): (lot: string | null) => number | null {
  const statistics = list(object(release.bids).statistics)
    .map(object)
    .filter((s) => text(s.measure) === "bids");
  const whole = count(object(release.tender).numberOfTenderers);
  const byLot = new Map<string | null, number | null>();
  for (const s of statistics) {
    const lot = text(s.relatedLot);
    if (!byLot.has(lot)) byLot.set(lot, count(s.value));
  }
  return (lot) => (lot !== null ? byLot.get(lot) : undefined) ?? byLot.get(null) ?? whole;
}

function moneyOf(value: unknown): { amount: string; currency: string | null } | null {
  const v = object(value);
  const amount = toDecimalText(v.amount);
  if (amount === null) return null;
  const currency = text(v.currency);
  return { amount, currency: currency === null ? null : currency.toUpperCase() };
}

function count(value: unknown): number | null {
  const n = typeof value === "string" && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value;
  return typeof n === "number" && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

function day(value: unknown): string | null {
  return typeof value === "string" ? calendarDateOf(value) : null;
}

function text(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return typeof value === "string" ? cleanLine(value) : null;
}
