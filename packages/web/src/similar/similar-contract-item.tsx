import type { SimilarAward, SimilarReason } from "@tender/contracts";
import { AwardWinners } from "../awards/award-winners.js";
import { UserText } from "../components/user-text.js";
import { formatAmount, formatDate, formatDay } from "../format.js";
import { tenderHref } from "../router.js";

const LEVEL: Record<string, string> = {
  cpv_code: "same CPV code",
  cpv_category: "same CPV category",
  cpv_class: "same CPV class",
  cpv_group: "same CPV group",
};

/** A reason in words: "same CPV class 7221", "text 0.82", "same country DE", "similar value". */
export function reasonText(reason: SimilarReason): string {
  switch (reason.kind) {
    case "text":
      return `similar text (${reason.score.toFixed(2)})`;
    case "country":
      return `same country ${reason.country}`;
    case "value":
      return "similar value";
    default:
      return `${LEVEL[reason.kind]} ${reason.cpv}`;
  }
}

/** One similar awarded contract: the notice (linked), its winners (linked), value, tenders received, end, and why. */
export function SimilarContractItem({ item }: { item: SimilarAward }) {
  const awards = item.awards.filter((a) => a.winners.length > 0 || a.value !== null);
  return (
    <li class="similar-item" data-testid="similar-item">
      <a href={tenderHref(item.notice.id)}>
        <UserText text={item.notice.title} />
      </a>{" "}
      <span class="muted small">
        · <UserText text={item.notice.buyer_name} /> · {formatDate(item.notice.published_at)}
        {item.framework ? " · framework or DPS: values are ceilings" : ""}
      </span>
      {awards.length === 0 ? (
        <p class="small muted">No award details stated.</p>
      ) : (
        <ul class="meta small">
          {awards.slice(0, 3).map((award, i) => (
            <li key={`${award.lot}:${i}`}>
              {award.winners.length > 0 ? <AwardWinners winners={award.winners} /> : "Winner not named"} ·{" "}
              {formatAmount(award.value, award.currency)} · tenders received{" "}
              {award.tenders_received ?? "not stated"} · ends {formatDay(award.contract_end)}
            </li>
          ))}
          {awards.length > 3 && <li class="muted">and {awards.length - 3} more lots</li>}
        </ul>
      )}
      <p class="small muted">Why: {item.reasons.map(reasonText).join(", ") || "—"}</p>
    </li>
  );
}
