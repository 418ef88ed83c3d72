import type { TenderSummary } from "@tender/contracts";
import { closesIn, formatAmount, formatDate } from "../format.js";
import { OrganisationLink } from "./organisation-link.js";
import { UserText } from "./user-text.js";

/**
 * A tender's buyer, amount, deadline, countries and CPV codes (the first three with their labels,
 * in the reader's language) on one wrapping line; the buyer
 * links to its organisation's page when `buyerId` is known (the tender card gives it).
 */
export function TenderMeta({ tender, buyerId }: { tender: TenderSummary; buyerId?: string | null }) {
  return (
    <ul class="meta">
      <li>
        <span class="muted">Buyer</span> <OrganisationLink id={buyerId} name={tender.buyer_name} />
      </li>
      <li>
        <span class="muted">Amount</span> {formatAmount(tender.amount, tender.currency)}
      </li>
      <li>
        <span class="muted">Deadline</span>{" "}
        {tender.deadline ? (
          <>
            {formatDate(tender.deadline)} <span class="closes">({closesIn(tender.deadline)})</span>
          </>
        ) : (
          "none stated"
        )}
      </li>
      {tender.countries.length > 0 && (
        <li>
          <span class="muted">Countries</span> {tender.countries.join(", ")}
        </li>
      )}
      {tender.cpv.length > 0 && (
        <li class="meta-cpv">
          <span class="muted">CPV</span>{" "}
          {tender.cpv.slice(0, 3).map((term, i) => (
            <span key={term.code}>
              {i > 0 && "; "}
              {term.code}
              {term.label !== null && (
                <>
                  {" "}
                  <UserText text={term.label} />
                </>
              )}
            </span>
          ))}
          {tender.cpv.length > 3 ? ` +${tender.cpv.length - 3}` : ""}
        </li>
      )}
    </ul>
  );
}
