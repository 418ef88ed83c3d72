import type { Award, TenderDetails } from "@tender/contracts";
import { UserText } from "../components/user-text.js";
import { formatAmount, formatDay } from "../format.js";
import { AwardWinners } from "./award-winners.js";

const AWARD_KINDS = new Set<TenderDetails["kind"]>(["result", "modification", "change"]);

/**
 * Who won each lot of a result notice: winners (linked), value, decision, signature and end of
 * the contract, tenders received; a lot without winner or value reads "Not awarded". A result notice
 * without awards says so, so that nobody reads "no data" as "nobody won".
 */
export function AwardSection({ tender }: { tender: TenderDetails }) {
  const { awards, kind } = tender;
  if (awards.length === 0) {
    if (kind !== "result" && kind !== "modification") return null;
    return (
      <section aria-labelledby="awards-heading">
        <h2 id="awards-heading">Awards</h2>
        <p class="muted" data-testid="no-awards">
          No award could be read from this notice. The notice at the source may say more.
        </p>
      </section>
    );
  }
  if (!AWARD_KINDS.has(kind)) return null;
  return (
    <section aria-labelledby="awards-heading">
      <h2 id="awards-heading">Awards</h2>
      <p class="small muted">
        {awards.length === 1 ? "1 lot" : `${awards.length} lots`}, in the notice's order.
      </p>
      <ol class="award-list">
        {awards.map((award, i) => (
          <AwardItem key={`${award.lot}:${i}`} award={award} />
        ))}
      </ol>
    </section>
  );
}

function AwardItem({ award }: { award: Award }) {
  // A lot with neither winner nor value was not awarded; a modification may state a value and no winner.
  const awarded = award.winners.length > 0 || award.value !== null;
  return (
    <li class={awarded ? "award-item" : "award-item not-awarded"}>
      <h3>
        {award.lot ? (
          <>
            Lot <UserText text={award.lot} />
          </>
        ) : (
          "Lot not named"
        )}
        {!awarded && (
          <>
            {" "}
            <span class="status status-skipped">Not awarded</span>
          </>
        )}
      </h3>
      <ul class="meta">
        {awarded && (
          <li>
            <span class="muted">{award.winners.length > 1 ? "Winners" : "Winner"}</span>{" "}
            {award.winners.length === 0 ? "not named" : <AwardWinners winners={award.winners} />}
          </li>
        )}
        <li>
          <span class="muted">Value</span> {formatAmount(award.value, award.currency)}
        </li>
        <li>
          <span class="muted">Decided</span> {formatDay(award.decided_at)}
        </li>
        <li>
          <span class="muted">Contract signed</span> {formatDay(award.contract_signed_at)}
        </li>
        <li>
          <span class="muted">Contract ends</span> {formatDay(award.contract_end)}
        </li>
        <li>
          <span class="muted">Tenders received</span>{" "}
          {award.tenders_received === null ? "not stated" : award.tenders_received.toLocaleString("en-GB")}
        </li>
      </ul>
    </li>
  );
}
