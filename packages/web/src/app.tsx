import { useMemo, useState } from "preact/hooks";
import { createApiClient } from "./api/api-client.js";
import { keyStore } from "./key-store.js";
import { AwardSearchPage } from "./pages/award-search-page.js";
import { ExpiringPage } from "./pages/expiring-page.js";
import { KeyPrompt } from "./pages/key-prompt.js";
import { OrganisationPage } from "./pages/organisation-page.js";
import { OrganisationSearchPage } from "./pages/organisation-search-page.js";
import { SavedSearchesPage } from "./pages/saved-searches-page.js";
import { SearchPage } from "./pages/search-page.js";
import { TenderPage } from "./pages/tender-page.js";
import { APP_BASE, onAppLinkClick, useRoute } from "./router.js";

/** The app: the key prompt until there is a key, then the page the URL names. */
export function App() {
  const [key, setKey] = useState(keyStore.read);
  const [refusal, setRefusal] = useState<string | null>(null);
  const route = useRoute();
  const api = useMemo(
    () =>
      key
        ? createApiClient(key, (failure) => {
            keyStore.forget();
            setRefusal(failure.message);
            setKey(null);
          })
        : null,
    [key],
  );
  const forget = () => {
    keyStore.forget();
    setRefusal(null);
    setKey(null);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegates link clicks to the router; the links stay links.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link fires click, so the keyboard is covered.
    <div class="app" onClick={onAppLinkClick}>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="top">
        <a class="brand" href={APP_BASE}>
          Tender search
        </a>
        {api && (
          <nav aria-label="Main">
            <a href={APP_BASE} aria-current={route.page === "search" ? "page" : undefined}>
              Search
            </a>
            <a
              href={`${APP_BASE}organisations`}
              aria-current={route.page === "organisations" ? "page" : undefined}
            >
              Organisations
            </a>
            <a href={`${APP_BASE}expiring`} aria-current={route.page === "expiring" ? "page" : undefined}>
              Expiring contracts
            </a>
            <a href={`${APP_BASE}awards`} aria-current={route.page === "awards" ? "page" : undefined}>
              Award search
            </a>
            <a href={`${APP_BASE}saved`} aria-current={route.page === "saved" ? "page" : undefined}>
              Saved searches
            </a>
            <button type="button" class="link-button" onClick={forget}>
              Forget key
            </button>
          </nav>
        )}
      </header>
      {!api ? (
        <KeyPrompt
          message={refusal}
          onKey={(k) => {
            keyStore.write(k);
            setRefusal(null);
            setKey(k);
          }}
        />
      ) : route.page === "search" ? (
        <SearchPage api={api} search={route.search} />
      ) : route.page === "tender" ? (
        <TenderPage api={api} id={route.id} />
      ) : route.page === "saved" ? (
        <SavedSearchesPage api={api} />
      ) : route.page === "organisations" ? (
        <OrganisationSearchPage api={api} search={route.search} />
      ) : route.page === "organisation" ? (
        <OrganisationPage api={api} id={route.id} />
      ) : route.page === "expiring" ? (
        <ExpiringPage api={api} search={route.search} />
      ) : route.page === "awards" ? (
        <AwardSearchPage api={api} search={route.search} />
      ) : (
        <main id="main">
          <h1>Page not found</h1>
          <p>
            <a href={APP_BASE}>Go to the search</a>
          </p>
        </main>
      )}
    </div>
  );
}
