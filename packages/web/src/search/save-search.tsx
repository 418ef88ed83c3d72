import type { SavedSearch } from "@tender/contracts";
import { useEffect, useState } from "preact/hooks";
import type { ApiClient } from "../api/api-client.js";
import type { ApiFailure } from "../api/api-failure.js";
import { FailureNotice } from "../components/failure-notice.js";
import { FeedUrl } from "../components/feed-url.js";
import { UserText } from "../components/user-text.js";
import { APP_BASE } from "../router.js";
import { type SearchState, toFilters } from "./search-state.js";

/** "Save this search": names the current query and filters and saves them (docs/api.md#saved-searches). */
export function SaveSearch({ api, state }: { api: ApiClient; state: SearchState }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(state.q);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<SavedSearch | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  useEffect(() => {
    setOpen(false);
    setSaved(null);
    setFailure(null);
    setName(state.q);
  }, [state]);
  if (saved) {
    return (
      <div class="notice notice-ok" role="status" data-testid="saved">
        <p>
          Saved as “<UserText text={saved.name} />
          ”. New matching tenders appear in <a href={`${APP_BASE}saved`}>your saved searches</a> and in its
          feed.
        </p>
        {saved.feed_url && <FeedUrl path={saved.feed_url} id="saved-feed-url" />}
      </div>
    );
  }
  if (!open) {
    return (
      <p>
        <button type="button" class="secondary" onClick={() => setOpen(true)}>
          Save this search
        </button>
      </p>
    );
  }
  return (
    <form
      class="save-search"
      onSubmit={async (event) => {
        event.preventDefault();
        setSaving(true);
        setFailure(null);
        try {
          const filters = toFilters(state);
          // Alerts as the page searches: hybrid (docs/api.md#saved-searches).
          const body = { name: name.trim(), query: state.q, mode: "hybrid", ...(filters ? { filters } : {}) };
          setSaved(await api.send<SavedSearch>("POST", "/saved-searches", body));
        } catch (error) {
          setFailure(error as ApiFailure);
        } finally {
          setSaving(false);
        }
      }}
    >
      <label for="save-name">Name of the saved search</label>
      <div class="row">
        <input
          id="save-name"
          required
          maxLength={100}
          value={name}
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
        <button type="submit" disabled={saving}>
          {saving ? "Saving…" : "Save"}
        </button>
        <button type="button" class="secondary" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
      {failure && <FailureNotice failure={failure} />}
    </form>
  );
}
