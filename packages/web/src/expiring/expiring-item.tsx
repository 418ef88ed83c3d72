import type { TenderListItem } from "@tender/contracts";
import { AwardWinners } from "../awards/award-winners.js";
import { OrganisationLink } from "../components/organisation-link.js";
import { UserText } from "../components/user-text.js";
import { formatAmount, formatDay } from "../format.js";
import { tenderHref } from "../router.js";

/**
 * A result notice whose contract ends in the range: its buyer, and per lot the winners, value and
 * contract end, from the browse item's award summary (its first lots, soonest end first; the
 * rest are counted and on the notice's page). No card is fetched per row.
 */
export function ExpiringItem({ tender }: { tender: TenderListItem }) {
  const summary = tender.award_summary;
  const awards = summary?.awards ?? [];
  const moreLots = (summary?.awards_total ?? 0) - awards.length;
  return (
    <li class="card expiring-item">
      <h3>
        <a href={tenderHref(tender.id)}>
          <UserText text={tender.title} />
        </a>
      </h3>
      <ul class="meta">
        <li>
          <span class="muted">Buyer</span>{" "}
          <OrganisationLink id={tender.buyer_organisation_id} name={tender.buyer_name} />
        </li>
        {tender.countries.length > 0 && (
          <li>
            <span class="muted">Countries</span> {tender.countries.join(", ")}
          </li>
        )}
      </ul>
      {awards.length > 0 && (
        <ul class="expiring-awards">
          {awards.map((award, i) => (
            <li key={`${award.lot}:${i}`}>
              <ul class="meta">
                <li>
                  <span class="muted">Contract ends</span> <strong>{formatDay(award.contract_end)}</strong>
                </li>
                {award.lot && (
                  <li>
                    <span class="muted">Lot</span> <UserText text={award.lot} />
                  </li>
                )}
                <li>
                  <span class="muted">{award.winners_total > 1 ? "Winners" : "Winner"}</span>{" "}
                  {award.winners_total === 0 ? "not named" : <AwardWinners winners={award.winners} />}
                  {award.winners_total > award.winners.length &&
                    ` and ${award.winners_total - award.winners.length} more`}
                </li>
                <li>
                  <span class="muted">Value</span> {formatAmount(award.value, award.currency)}
                </li>
              </ul>
            </li>
          ))}
        </ul>
      )}
      {moreLots > 0 && (
        <p class="small muted">
          {moreLots} more lots on <a href={tenderHref(tender.id)}>the notice's page</a>.
        </p>
      )}
    </li>
  );
}
