import type { EformsNoticeV1, EformsOrganisation } from "@tender/eforms";
import type { NoticeAward, NoticeAwards, NoticeParty } from "@tender/ingest";

/**
 * The awards of a parsed eForms notice (docs/records.md#awards-and-organisations), one per lot
 * result in notice order: its winners (the members of the winning tendering parties), value
 * (BT-720 of the winning tenders; a modification's: the contract's value after it), decision
 * date, contract signature and end, tenders received, whether its lot is a framework agreement or
 * dynamic purchasing system (BT-765, BT-766). A notice the parser cut (too many lots,
 * winners or too long a name) keeps what was read and `unreadable` says what was cut; a result
 * notice without `efac:NoticeResult` has no awards and says so. `buyer` is left to the caller.
 */
export function eformsNoticeAwards(notice: EformsNoticeV1, buyer: NoticeParty | null): NoticeAwards {
  const notes = notice.truncated ? [`cut: ${notice.truncation.join("; ")}`] : [];
  if (notice.result === null) notes.push("the eForms notice has no results (efac:NoticeResult)");
  const awards: NoticeAward[] = (notice.result?.awards ?? []).map((award) => ({
    lot: award.lotId,
    status: award.status,
    winners: award.winners.map(party),
    value: award.value?.amount ?? null,
    currency: award.value?.currency ?? null,
    decidedAt: award.decidedAt,
    contractSignedAt: award.contractSignedAt,
    contractEnd: award.contractEnd,
    tendersReceived: award.tendersReceived,
    framework: award.framework,
  }));
  return { buyer, awards, unreadable: notes.length === 0 ? null : notes.join("; ") };
}

function party(organisation: EformsOrganisation): NoticeParty {
  return {
    name: organisation.name,
    identifier: organisation.identifier,
    scheme: organisation.scheme,
    country: organisation.country,
  };
}
