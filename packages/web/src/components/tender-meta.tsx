import type { TenderSummary } from "@tender/contracts";
import { closesIn, formatAmount, formatDate } from "../format.js";
import { UserText } from "./user-text.js";

/** A tender's buyer, amount, deadline, countries and CPV codes on one wrapping line. */
export function TenderMeta({ tender }: { tender: TenderSummary }) {
  return (
    <ul class="meta">
      <li>
        <span class="muted">Buyer</span> <UserText text={tender.buyer_name} />
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
      {tender.cpv_codes.length > 0 && (
        <li>
          <span class="muted">CPV</span> {tender.cpv_codes.slice(0, 4).join(", ")}
          {tender.cpv_codes.length > 4 ? ` +${tender.cpv_codes.length - 4}` : ""}
        </li>
      )}
    </ul>
  );
}
