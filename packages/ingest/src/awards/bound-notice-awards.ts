import { AWARD_LIMITS, calendarDateOf, normalizeDecimalAmount, toStorableText } from "@tender/contracts";
import { cleanLine } from "../mapping/clean-text.js";
import { toDecimalText } from "../mapping/decimal-text.js";
import type { NoticeAward, NoticeAwards, NoticeParty } from "./notice-awards.js";

/** Longest `awards_unreadable` reason stored (the column allows 1,000 characters). */
const MAX_REASON_LENGTH = 1000;
const SCHEME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/**
 * The awards as the tables can hold them, whatever the mapper read: at most `AWARD_LIMITS.awards`
 * awards, `AWARD_LIMITS.winners` winners each and `AWARD_LIMITS.noticeWinners` in all (the rest
 * cut, and `unreadable` says so), names, identifiers and lots cleaned (control characters are
 * spaces), made storable and cut to their limit; an identifier too long, a scheme,
 * country or currency of the wrong form, an amount that is no non-negative `numeric(20,2)`, a
 * date outside 0001..9999 and a negative or huge number of tenders become null.
 */
export function boundNoticeAwards(input: NoticeAwards): NoticeAwards {
  const notes: string[] = input.unreadable === null ? [] : [input.unreadable];
  if (input.awards.length > AWARD_LIMITS.awards) {
    notes.push(
      `cut: the notice has ${input.awards.length.toLocaleString("en")} awards; the first ${AWARD_LIMITS.awards} are kept`,
    );
  }
  const kept = input.awards.slice(0, AWARD_LIMITS.awards);
  const named = kept.reduce((sum, award) => sum + Math.min(award.winners.length, AWARD_LIMITS.winners), 0);
  if (named > AWARD_LIMITS.noticeWinners) {
    notes.push(
      `cut: the awards name ${named.toLocaleString("en")} winners; the first ${AWARD_LIMITS.noticeWinners.toLocaleString("en")} are kept`,
    );
  }
  let room = AWARD_LIMITS.noticeWinners;
  const awards = kept.map((award) => {
    const bounded = boundAward(award, notes);
    const winners = bounded.winners.slice(0, room);
    room -= winners.length;
    return { ...bounded, winners };
  });
  const reason = notes.length === 0 ? null : toStorableText([...new Set(notes)].join("; "));
  return {
    buyer: input.buyer === null ? null : boundParty(input.buyer, notes),
    awards,
    unreadable: reason === null ? null : cut(reason, MAX_REASON_LENGTH),
  };
}

function boundAward(award: NoticeAward, notes: string[]): NoticeAward {
  if (award.winners.length > AWARD_LIMITS.winners) {
    notes.push(
      `cut: an award names ${award.winners.length} winners; the first ${AWARD_LIMITS.winners} are kept`,
    );
  }
  const value = award.value === null ? null : normalizeDecimalAmount(toDecimalText(award.value) ?? "");
  return {
    lot: text(award.lot, AWARD_LIMITS.lot, "lot", notes),
    status: award.status,
    winners: award.winners.slice(0, AWARD_LIMITS.winners).map((winner) => boundParty(winner, notes)),
    value,
    // A currency says nothing without its amount.
    currency:
      value !== null && award.currency !== null && /^[A-Z]{3}$/.test(award.currency) ? award.currency : null,
    decidedAt: day(award.decidedAt),
    contractSignedAt: day(award.contractSignedAt),
    contractEnd: day(award.contractEnd),
    tendersReceived:
      Number.isSafeInteger(award.tendersReceived) &&
      (award.tendersReceived as number) >= 0 &&
      (award.tendersReceived as number) <= AWARD_LIMITS.tendersReceived
        ? award.tendersReceived
        : null,
    framework: typeof award.framework === "boolean" ? award.framework : null,
  };
}

function boundParty(party: NoticeParty, notes: string[]): NoticeParty {
  const identifier = party.identifier === null ? null : line(party.identifier);
  return {
    name: text(party.name, AWARD_LIMITS.name, "organisation name", notes),
    identifier: identifier !== null && [...identifier].length <= AWARD_LIMITS.identifier ? identifier : null,
    scheme:
      party.scheme !== null && SCHEME.test(party.scheme.trim()) ? party.scheme.trim().toUpperCase() : null,
    country: party.country !== null && /^[A-Z]{2}$/.test(party.country) ? party.country : null,
  };
}

function text(value: string | null, max: number, what: string, notes: string[]): string | null {
  const cleaned = value === null ? null : line(value);
  if (cleaned === null) return null;
  const length = [...cleaned].length;
  if (length <= max) return cleaned;
  notes.push(`cut: a ${what} of ${length.toLocaleString("en")} characters was cut to ${max}`);
  return cut(cleaned, max);
}

/** One storable line: no control character (no name holds one; each would take 6 bytes of JSON). */
function line(value: string): string | null {
  return cleanLine(toStorableText(value.replace(/\p{Cc}/gu, " ")));
}

/** The first `max` code points, trimmed again (a cut can end in a space). */
function cut(line: string, max: number): string {
  return [...line].slice(0, max).join("").trim();
}

function day(value: string | null): string | null {
  return value === null ? null : calendarDateOf(value);
}
