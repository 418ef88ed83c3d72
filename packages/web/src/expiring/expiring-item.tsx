import type { TenderDetails, TenderSummary } from "@tender/contracts";
import type { Limiter } from "@tender/egress/create-limiter";
import type { ApiClient } from "../api/api-client.js";
import { AwardWinners } from "../awards/award-winners.js";
import { OrganisationLink } from "../components/organisation-link.js";
import { UserText } from "../components/user-text.js";
import { formatAmount, formatDay } from "../format.js";
import { tenderHref } from "../router.js";
import { useRequest } from "../use-request.js";

/** Lots shown per notice; a framework agreement can have hundreds. */
const SHOWN_AWARDS = 5;

interface Props {
  api: ApiClient;
  tender: TenderSummary;
  /** Cards are fetched through it: the API sends one key only a few cards at once. */
  cards: Limiter;
}

/**
 * A result notice whose contract ends in the range: its buyer, and per lot the winners, value and
 * contract end, from the notice's card (browsing's items carry no awards).
 */
export function ExpiringItem({ api, tender, cards }: Props) {
  const [card] = useRequest(
    (signal) => cards.run(() => api.get<TenderDetails>(`/tenders/${tender.id}`, undefined, signal)),
    [api, tender.id],
  );
  const details = card.status === "done" ? card.data : null;
  const awards = details ? [...details.awards].sort(byContractEnd) : [];
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
          <OrganisationLink id={details?.buyer_organisation_id} name={tender.buyer_name} />
        </li>
        {tender.countries.length > 0 && (
          <li>
            <span class="muted">Countries</span> {tender.countries.join(", ")}
          </li>
        )}
      </ul>
      {card.status === "loading" && <p class="small muted">Loading the awards…</p>}
      {card.status === "failed" && (
        <p class="small muted">The awards could not be loaded: {card.failure.message}</p>
      )}
      {details && awards.length > 0 && (
        <ul class="expiring-awards">
          {awards.slice(0, SHOWN_AWARDS).map((award, i) => (
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
                  <span class="muted">{award.winners.length > 1 ? "Winners" : "Winner"}</span>{" "}
                  {award.winners.length === 0 ? "not named" : <AwardWinners winners={award.winners} />}
                </li>
                <li>
                  <span class="muted">Value</span> {formatAmount(award.value, award.currency)}
                </li>
              </ul>
            </li>
          ))}
        </ul>
      )}
      {awards.length > SHOWN_AWARDS && (
        <p class="small muted">
          {awards.length - SHOWN_AWARDS} more lots on <a href={tenderHref(tender.id)}>the notice's page</a>.
        </p>
      )}
    </li>
  );
}

// Soonest end first, lots without an end last: the order of the list itself.
function byContractEnd(a: { contract_end: string | null }, b: { contract_end: string | null }): number {
  if (a.contract_end === b.contract_end) return 0;
  if (a.contract_end === null) return 1;
  if (b.contract_end === null) return -1;
  return a.contract_end < b.contract_end ? -1 : 1;
}
