import type { OrganisationDetails } from "@tender/contracts";
import { showBidiControls } from "@tender/contracts/display";
import { useEffect } from "preact/hooks";
import type { ApiClient } from "../api/api-client.js";
import { FailureNotice } from "../components/failure-notice.js";
import { Loading } from "../components/loading.js";
import { UserText } from "../components/user-text.js";
import { AwardTotalsLine } from "../organisations/award-totals-line.js";
import { CompetesWith } from "../organisations/competes-with.js";
import { CounterpartList } from "../organisations/counterpart-list.js";
import { LookAlikeNote } from "../organisations/look-alike-note.js";
import { NoticeSource } from "../organisations/notice-source.js";
import { RecentAwardItem } from "../organisations/recent-award-item.js";
import { identifierText, rolesText } from "../organisations/role-names.js";
import { APP_BASE } from "../router.js";
import { useRequest } from "../use-request.js";

/**
 * An organisation's page, for a bid manager studying a competitor or a buyer: who it is (every
 * spelling with the notice it came from, a warning when one looks like another organisation's
 * name, its identifiers), what it won and gave with totals per currency, its latest awards (each
 * with its notice) and the organisations it dealt with most.
 */
export function OrganisationPage({ api, id }: { api: ApiClient; id: string }) {
  const [org, retry] = useRequest(
    (signal) => api.get<OrganisationDetails>(`/organisations/${id}`, undefined, signal),
    [api, id],
  );
  useEffect(() => {
    if (org.status === "done") document.title = `${showBidiControls(org.data.name)} — Tender search`;
  }, [org]);
  if (org.status === "loading") {
    return (
      <main id="main">
        <Loading label="Loading the organisation…" />
      </main>
    );
  }
  if (org.status === "failed") {
    return (
      <main id="main">
        <h1>Organisation</h1>
        <FailureNotice failure={org.failure} onRetry={retry} />
        <p>
          <a href={`${APP_BASE}organisations`}>Search organisations</a>
        </p>
      </main>
    );
  }
  const o = org.data;
  const others = o.spellings.filter((spelling) => spelling.name !== o.name);
  const shown = o.spellings.find((spelling) => spelling.name === o.name);
  const buyer = o.roles.includes("buyer") || o.awards_given.count > 0;
  const supplier = o.roles.includes("supplier") || o.awards_won.count > 0;
  return (
    <main id="main" class="organisation-page">
      <p class="small">
        <a href={`${APP_BASE}organisations`}>← Organisations</a>
      </p>
      <article class="card">
        <h1>
          <UserText text={o.name} />
        </h1>
        <LookAlikeNote spellings={o.spellings} />
        <ul class="meta">
          <li>
            <span class="muted">Name from</span> <NoticeSource notice={shown?.notice ?? null} />
          </li>
          <li>
            <span class="muted">Country</span> {o.country ?? "not stated"}
          </li>
          <li>
            <span class="muted">Roles</span> {rolesText(o.roles)}
          </li>
          <li>
            <span class="muted">Identifiers</span>{" "}
            {o.identifiers.length === 0
              ? "none given"
              : o.identifiers.map((identifier, i) => (
                  <span key={`${identifier.scheme}:${identifier.id}`} class="identifier">
                    {i > 0 ? ", " : ""}
                    <UserText text={identifierText(identifier)} />
                  </span>
                ))}
          </li>
        </ul>
        {others.length > 0 && (
          <details class="spellings">
            <summary>
              {others.length === 1 ? "1 other spelling" : `${others.length} other spellings`} in notices
            </summary>
            <ul>
              {others.map((spelling) => (
                <li key={spelling.name}>
                  <UserText text={spelling.name} /> <span class="muted">·</span>{" "}
                  <NoticeSource notice={spelling.notice} />
                </li>
              ))}
            </ul>
          </details>
        )}
        <div class="org-sides">
          {supplier && (
            <section aria-labelledby="won-heading">
              <h2 id="won-heading">Awards won</h2>
              <AwardTotalsLine totals={o.awards_won} />
              <CounterpartList title="Its main buyers" items={o.top_buyers} />
            </section>
          )}
          {buyer && (
            <section aria-labelledby="given-heading">
              <h2 id="given-heading">Awards given</h2>
              <AwardTotalsLine totals={o.awards_given} />
              <CounterpartList title="Its main suppliers" items={o.top_suppliers} />
            </section>
          )}
        </div>
        <p class="small muted">
          An award with several winners counts in full for each. Totals are per currency, never converted.
          Totals count every award a notice states, whoever published it: each award below names its notice.
        </p>
      </article>
      {supplier && <CompetesWith api={api} id={id} />}
      <section class="card" aria-labelledby="recent-heading">
        <h2 id="recent-heading">Recent awards</h2>
        {o.recent_awards.length === 0 ? (
          <p class="muted">No award names this organisation yet.</p>
        ) : (
          <>
            <p class="small muted">The latest {o.recent_awards.length} by decision date, newest first.</p>
            <ol class="award-list">
              {o.recent_awards.map((award, i) => (
                <RecentAwardItem key={`${award.tender_id}:${award.lot}:${i}`} award={award} />
              ))}
            </ol>
          </>
        )}
      </section>
    </main>
  );
}
