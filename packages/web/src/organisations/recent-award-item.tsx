import type { OrganisationAward } from "@tender/contracts";
import { OrganisationLink, OrganisationLinks } from "../components/organisation-link.js";
import { UserText } from "../components/user-text.js";
import { formatAmount, formatDay } from "../format.js";
import { tenderHref } from "../router.js";
import { NoticeSource } from "./notice-source.js";

/** One award on an organisation's page: the tender, the lot, value, the notice it came from, dates and who was on the other side. */
export function RecentAwardItem({ award }: { award: OrganisationAward }) {
  return (
    <li class="award-item">
      <h3>
        <a href={tenderHref(award.tender_id)}>
          <UserText text={award.tender_title} />
        </a>
      </h3>
      <ul class="meta">
        <li>
          <span class="muted">{award.role === "supplier" ? "Won" : "Given"}</span>
          {award.lot ? (
            <>
              {" "}
              lot <UserText text={award.lot} />
            </>
          ) : null}
        </li>
        <li>
          <span class="muted">Value</span> {formatAmount(award.value, award.currency)}
        </li>
        <li>
          <span class="muted">From</span> <NoticeSource notice={award.notice} />
        </li>
        <li>
          <span class="muted">Decided</span> {formatDay(award.decided_at)}
        </li>
        <li>
          <span class="muted">Contract ends</span> {formatDay(award.contract_end)}
        </li>
        {award.role === "supplier" ? (
          <li>
            <span class="muted">Buyer</span>{" "}
            {award.buyer ? <OrganisationLink id={award.buyer.id} name={award.buyer.name} /> : "not stated"}
          </li>
        ) : (
          <li>
            <span class="muted">{award.winners.length > 1 ? "Winners" : "Winner"}</span>{" "}
            {award.winners.length === 0 ? "not named" : <OrganisationLinks organisations={award.winners} />}
          </li>
        )}
      </ul>
    </li>
  );
}
