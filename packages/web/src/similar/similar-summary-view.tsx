import type { SimilarSummary } from "@tender/contracts";
import { OrganisationLink } from "../components/organisation-link.js";
import { UserText } from "../components/user-text.js";
import { formatAmount } from "../format.js";

/** The summary: per-currency quartiles (frameworks apart), tenders received, awarded vs estimated, top winners and buyers. */
export function SimilarSummaryView({ summary }: { summary: SimilarSummary }) {
  if (summary.reason) {
    return (
      <p class="muted" data-testid="similar-summary">
        {summary.reason}
      </p>
    );
  }
  const rows = [
    ...summary.values.contracts.map((v) => ({ ...v, group: "Contracts" })),
    ...summary.values.frameworks.map((v) => ({ ...v, group: "Frameworks (ceilings)" })),
  ];
  return (
    <div data-testid="similar-summary">
      <p class="small muted">
        From the {summary.notices} most similar award notices ({summary.awards} awards); nothing is stated
        from fewer than {summary.threshold}.
      </p>
      {rows.length > 0 && (
        // A narrow screen scrolls the table, not the page; focusable so a keyboard can scroll it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        <section class="table-scroll" aria-label="Award value quartiles" tabIndex={0}>
          <table class="summary-table">
            <thead>
              <tr>
                <th>Kind</th>
                <th>Currency</th>
                <th>Awards</th>
                <th>Min</th>
                <th>Lower quartile</th>
                <th>Median</th>
                <th>Upper quartile</th>
                <th>Max</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.group}:${r.currency}`}>
                  <td>{r.group}</td>
                  <td>{r.currency}</td>
                  <td>{r.count}</td>
                  <td>{formatAmount(r.min, r.currency)}</td>
                  <td>{formatAmount(r.q1, r.currency)}</td>
                  <td>{formatAmount(r.median, r.currency)}</td>
                  <td>{formatAmount(r.q3, r.currency)}</td>
                  <td>{formatAmount(r.max, r.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <ul class="meta">
        {summary.tenders_received && (
          <li>
            <span class="muted">Median tenders received</span> {summary.tenders_received.median} (
            {summary.tenders_received.count} awards)
          </li>
        )}
        {summary.awarded_to_estimated && (
          <li>
            <span class="muted">Awarded ÷ estimated value, median</span>{" "}
            {summary.awarded_to_estimated.median_ratio.toFixed(2)} ({summary.awarded_to_estimated.count}{" "}
            contracts)
          </li>
        )}
      </ul>
      {summary.top_winners.length > 0 && (
        <>
          <h3>Most frequent winners</h3>
          <ol class="small">
            {summary.top_winners.map((w, i) => (
              <li key={`${w.organisation_id}:${i}`}>
                <OrganisationLink id={w.organisation_id} name={w.name} /> —{" "}
                {w.awards === 1 ? "1 award" : `${w.awards} awards`}
                {w.totals.length > 0 &&
                  ` · ${w.totals.map((t) => formatAmount(t.total, t.currency)).join(", ")}`}
              </li>
            ))}
          </ol>
        </>
      )}
      {summary.top_buyers.length > 0 && (
        <>
          <h3>Buyers that bought this most</h3>
          <ol class="small">
            {summary.top_buyers.map((b, i) => (
              <li key={`${b.organisation_id}:${i}`}>
                {b.organisation_id ? (
                  <OrganisationLink id={b.organisation_id} name={b.name} />
                ) : (
                  <UserText text={b.name} />
                )}{" "}
                — {b.notices === 1 ? "1 notice" : `${b.notices} notices`}
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
