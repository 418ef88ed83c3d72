import { canonicalJson } from "@tender/contracts";
import {
  type Db,
  listStoredAwards,
  replaceTenderAwards,
  type StoredAward,
  setTenderAwardFacts,
  upsertOrganisations,
} from "@tender/db";
import { organisationKey } from "@tender/organisations";
import { boundNoticeAwards } from "./bound-notice-awards.js";
import type { NoticeAwards, NoticeParty } from "./notice-awards.js";
import { organisationMentions } from "./organisation-mentions.js";

/**
 * Stores a notice's awards and buyer in the caller's transaction
 * (docs/records.md#awards-and-organisations): upserts the buyer's and every winner's organisation
 * (`upsertOrganisations`: by key, every spelling kept with this notice as its source when it is
 * the first to give it, roles set), replaces the tender's awards
 * and winners only when they differ from what is stored (a notice whose awards could not be read
 * at all keeps those an earlier pass read, with the new reason), and sets the tender's buyer
 * organisation, `awards_unreadable` and earliest contract end. Returns whether anything changed.
 */
export async function storeNoticeAwards(db: Db, tenderId: string, input: NoticeAwards): Promise<boolean> {
  const notice = boundNoticeAwards(input);
  const ids = await upsertOrganisations(db, organisationMentions(notice), { tenderId });
  const idOf = (party: NoticeParty | null) => {
    const key = party === null ? null : organisationKey(party);
    return key === null ? null : (ids.get(key) ?? null);
  };
  const buyerId = idOf(notice.buyer);
  const awards: StoredAward[] = notice.awards.map((award) => ({
    lot: award.lot,
    status: award.status,
    value: award.value,
    currency: award.currency,
    decided_at: award.decidedAt,
    contract_signed_at: award.contractSignedAt,
    contract_end: award.contractEnd,
    tenders_received: award.tendersReceived,
    framework: award.framework,
    winners: award.winners.map((winner) => ({
      organisation_id: idOf(winner),
      name: winner.name,
      identifier: winner.identifier,
      scheme: winner.scheme,
      country: winner.country,
    })),
  }));
  const stored = await listStoredAwards(db, tenderId);
  // Nothing read this time (the XML could not be fetched): what an earlier pass read stays.
  const kept = awards.length === 0 && notice.unreadable !== null ? stored.awards : awards;
  const same =
    canonicalJson(stored.awards) === canonicalJson(kept) &&
    (kept.length === 0 || stored.buyerOrganisationId === buyerId);
  if (!same) await replaceTenderAwards(db, tenderId, kept, buyerId);
  const ends = kept.map((a) => a.contract_end).filter((end) => end !== null);
  const factsChanged = await setTenderAwardFacts(db, tenderId, {
    buyerOrganisationId: buyerId,
    awardsUnreadable: notice.unreadable,
    // `YYYY-MM-DD` sorts as text in date order.
    contractEnd: ends.sort()[0] ?? null,
  });
  return !same || factsChanged;
}
