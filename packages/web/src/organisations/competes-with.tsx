import type { CompetitorsResponse } from "@tender/contracts";
import type { ApiClient } from "../api/api-client.js";
import { FailureNotice } from "../components/failure-notice.js";
import { Loading } from "../components/loading.js";
import { OrganisationLink } from "../components/organisation-link.js";
import { useRequest } from "../use-request.js";

/** "Competes with": the suppliers that most often won contracts in this supplier's CPV classes. */
export function CompetesWith({ api, id }: { api: ApiClient; id: string }) {
  const [state, retry] = useRequest(
    (signal) => api.get<CompetitorsResponse>(`/organisations/${id}/competitors`, undefined, signal),
    [api, id],
  );
  return (
    <section class="card" aria-labelledby="competes-heading" data-testid="competes-with">
      <h2 id="competes-heading">Competes with</h2>
      {state.status === "loading" && <Loading label="Loading competitors…" />}
      {state.status === "failed" && <FailureNotice failure={state.failure} onRetry={retry} />}
      {state.status === "done" &&
        (state.data.items.length === 0 ? (
          <p class="muted">
            No other supplier is known to have won contracts in the CPV classes of its contracts.
          </p>
        ) : (
          <>
            <p class="small muted">
              Suppliers with most awards in the CPV classes of its latest {state.data.notices} won contracts (
              {state.data.classes.join(", ")}).
            </p>
            <ol class="competitors">
              {state.data.items.map((c) => (
                <li key={c.organisation_id}>
                  <OrganisationLink id={c.organisation_id} name={c.name} />{" "}
                  <span class="muted small">
                    {c.awards === 1 ? "1 award" : `${c.awards.toLocaleString("en-GB")} awards`} · CPV{" "}
                    {c.classes.join(", ")}
                  </span>
                </li>
              ))}
            </ol>
          </>
        ))}
    </section>
  );
}
