import type { OrganisationListResponse } from "@tender/contracts";
import { useEffect, useState } from "preact/hooks";
import type { ApiClient } from "../api/api-client.js";
import { FailureNotice } from "../components/failure-notice.js";
import { LoadMore } from "../components/load-more.js";
import { Loading } from "../components/loading.js";
import { UserText } from "../components/user-text.js";
import {
  type OrganisationQuery,
  organisationQueryOf,
  organisationQueryParams,
} from "../organisations/organisation-query.js";
import { identifierText, rolesText } from "../organisations/role-names.js";
import { APP_BASE, navigate, organisationHref } from "../router.js";
import { useCursorPages } from "../use-cursor-pages.js";

const PAGE = 20;

function pageParams(query: OrganisationQuery, cursor: string | null): URLSearchParams {
  const params = organisationQueryParams(query);
  params.set("limit", String(PAGE));
  if (cursor) params.set("cursor", cursor);
  return params;
}

/** Organisations by name or registered identifier, role and country, a page at a time. */
export function OrganisationSearchPage({ api, search }: { api: ApiClient; search: string }) {
  const query = organisationQueryOf(search);
  const key = organisationQueryParams(query).toString();
  const [draft, setDraft] = useState(query);
  useEffect(() => setDraft(query), [key]);
  useEffect(() => {
    document.title = "Organisations — Tender search";
  }, []);
  const pages = useCursorPages(
    (cursor: string | null, signal?: AbortSignal) =>
      api.get<OrganisationListResponse>("/organisations", pageParams(query, cursor), signal),
    [api, key],
  );
  const { first, retry, items } = pages;
  const submit = (event: Event) => {
    event.preventDefault();
    const params = organisationQueryParams({ ...draft, country: draft.country.trim().toUpperCase() });
    navigate(`${APP_BASE}organisations${params.size > 0 ? `?${params}` : ""}`);
  };
  return (
    <main id="main" class="organisations-page">
      <h1>Organisations</h1>
      <p class="muted">Buyers and the suppliers that won their awards, across every source.</p>
      <form class="card org-form" aria-label="Search organisations" onSubmit={submit}>
        <div class="org-fields">
          <div class="org-q">
            <label for="org-q">Name or registered identifier</label>
            <input
              id="org-q"
              type="search"
              value={draft.q}
              maxLength={200}
              placeholder="e.g. acme ltd, GB-COH-01234567"
              onInput={(e) => setDraft({ ...draft, q: (e.target as HTMLInputElement).value })}
            />
          </div>
          <div>
            <label for="org-role">Role</label>
            <select
              id="org-role"
              value={draft.role}
              onChange={(e) =>
                setDraft({
                  ...draft,
                  role: (e.target as HTMLSelectElement).value as OrganisationQuery["role"],
                })
              }
            >
              <option value="">Any</option>
              <option value="buyer">Buyer</option>
              <option value="supplier">Supplier</option>
            </select>
          </div>
          <div>
            <label for="org-country">Country</label>
            <input
              id="org-country"
              type="text"
              value={draft.country}
              maxLength={2}
              pattern="[A-Za-z]{2}"
              title="Two letters, e.g. GB"
              placeholder="GB"
              onInput={(e) => setDraft({ ...draft, country: (e.target as HTMLInputElement).value })}
            />
          </div>
        </div>
        <button type="submit">Search organisations</button>
      </form>
      <h2 id="org-results">{key ? "Matching organisations" : "All organisations"}</h2>
      {first.status === "loading" && <Loading label="Loading organisations…" />}
      {first.status === "failed" && <FailureNotice failure={first.failure} onRetry={retry} />}
      {first.status === "done" && items.length === 0 && (
        <div class="empty" role="status">
          <p>
            <strong>No organisation matches.</strong> Try part of the name, or fewer filters.
          </p>
        </div>
      )}
      {items.length > 0 && (
        <ol class="result-list" aria-labelledby="org-results">
          {items.map((org) => (
            <li key={org.id} class="card org-item">
              <h3>
                <a href={organisationHref(org.id)}>
                  <UserText text={org.name} />
                </a>
              </h3>
              <ul class="meta">
                <li>
                  <span class="muted">Country</span> {org.country ?? "not stated"}
                </li>
                <li>
                  <span class="muted">Roles</span> {rolesText(org.roles)}
                </li>
                {org.identifier && (
                  <li>
                    <span class="muted">Identifier</span> <UserText text={identifierText(org.identifier)} />
                  </li>
                )}
              </ul>
            </li>
          ))}
        </ol>
      )}
      <LoadMore pages={pages} />
    </main>
  );
}
