import type { AwardTotals } from "@tender/contracts";
import { formatAmount } from "../format.js";

/** `3 awards · €1,250,000.00 · £40,000.00`: a count and its sums, one per currency, never converted. */
export function AwardTotalsLine({ totals }: { totals: AwardTotals }) {
  const count = totals.count === 1 ? "1 award" : `${totals.count.toLocaleString("en-GB")} awards`;
  return (
    <p class="totals">
      <strong>{count}</strong>
      {totals.totals.map((t) => (
        <span key={t.currency} class="total">
          {" · "}
          {formatAmount(t.value, t.currency)}
        </span>
      ))}
      {totals.count > 0 && totals.totals.length === 0 && <span class="muted"> · no value stated</span>}
    </p>
  );
}
