import type { TenderDetails, TenderDetailsAttachment } from "@tender/contracts";
import { showBidiControls } from "@tender/contracts/display";
import { useEffect, useState } from "preact/hooks";
import type { ApiClient } from "../api/api-client.js";
import { AskPanel } from "../ask/ask-panel.js";
import { AwardSection } from "../awards/award-section.js";
import { ExternalLink } from "../components/external-link.js";
import { FailureNotice } from "../components/failure-notice.js";
import { Loading } from "../components/loading.js";
import { TenderMeta } from "../components/tender-meta.js";
import { UserText } from "../components/user-text.js";
import { formatBytes, formatDate, kindName, sourceName } from "../format.js";
import { ProcedureTimeline } from "../procedure/procedure-timeline.js";
import { ReplacedNote } from "../procedure/replaced-note.js";
import { APP_BASE } from "../router.js";
import { SimilarSection } from "../similar/similar-section.js";
import { useRequest } from "../use-request.js";

const STATUS_TEXT: Record<TenderDetailsAttachment["download_status"], string> = {
  ready: "downloaded, searchable",
  pending: "waiting to be downloaded",
  failed: "download failed",
  skipped: "no longer listed by the source",
};
const SHORT_DESCRIPTION = 600;

/**
 * The tender page: the card, a result's awards, its procedure's timeline, its attachments with their download
 * status, the notice, and Ask.
 */
export function TenderPage({ api, id }: { api: ApiClient; id: string }) {
  const [tender, retry] = useRequest(
    (signal) => api.get<TenderDetails>(`/tenders/${id}`, undefined, signal),
    [api, id],
  );
  const [fullText, setFullText] = useState(false);
  useEffect(() => {
    if (tender.status === "done") document.title = `${showBidiControls(tender.data.title)} — Tender search`;
  }, [tender]);
  if (tender.status === "loading") {
    return (
      <main id="main">
        <Loading label="Loading the tender…" />
      </main>
    );
  }
  if (tender.status === "failed") {
    return (
      <main id="main">
        <h1>Tender</h1>
        <FailureNotice failure={tender.failure} onRetry={retry} />
        <p>
          <a href={APP_BASE}>Back to the search</a>
        </p>
      </main>
    );
  }
  const t = tender.data;
  const description = t.description ?? "";
  const long = description.length > SHORT_DESCRIPTION;
  return (
    <main id="main" class="tender-page">
      <p class="small">
        <a href={APP_BASE} onClick={backIfFromSearch}>
          ← Back to the search
        </a>
      </p>
      <article class="card">
        <h1>
          <UserText text={t.title} />
        </h1>
        <ReplacedNote tender={t} />
        <TenderMeta tender={t} buyerId={t.buyer_organisation_id} />
        <p class="small muted">
          {sourceName(t.source)} · {kindName(t.kind)} · notice <UserText text={t.external_id} /> · published{" "}
          {formatDate(t.published_at)} · index {t.index_status}
        </p>
        <p>
          <ExternalLink url={t.source_url}>Read the notice at {sourceName(t.source)}</ExternalLink>
        </p>
        <AwardSection tender={t} />
        {t.procedure && <ProcedureTimeline api={api} procedure={t.procedure} viewing={t.id} />}
        <SimilarSection api={api} id={t.id} />
        {description && (
          <>
            <h2>Description</h2>
            <p class="description">
              <UserText
                text={fullText || !long ? description : `${description.slice(0, SHORT_DESCRIPTION)}…`}
              />
            </p>
            {long && (
              <button
                type="button"
                class="link-button"
                onClick={() => setFullText(!fullText)}
                aria-expanded={fullText}
              >
                {fullText ? "Show less" : "Show the whole description"}
              </button>
            )}
          </>
        )}
        <h2>Documents</h2>
        {t.attachments.length === 0 ? (
          <p class="muted">This notice lists no documents.</p>
        ) : (
          <ul class="attachments">
            {t.attachments.map((a) => (
              <li key={a.id}>
                <ExternalLink url={a.source_url}>
                  <UserText text={a.filename} />
                </ExternalLink>
                {a.title && a.title !== a.filename ? (
                  <span class="muted">
                    {" "}
                    — <UserText text={a.title} />
                  </span>
                ) : null}
                <span class="muted small"> · {formatBytes(a.size_bytes)}</span>{" "}
                <span class={`status status-${a.download_status}`}>{STATUS_TEXT[a.download_status]}</span>
              </li>
            ))}
          </ul>
        )}
      </article>
      <div class="card ask-card">
        <AskPanel api={api} filters={{ tender_ids: [t.id] }} idPrefix="tender" />
        <p class="small muted">Answers come from this tender's notice and downloaded documents only.</p>
      </div>
    </main>
  );
}

// "Back" returns to the search as it was (query, filters, loaded pages) when the app led here.
function backIfFromSearch(event: MouseEvent): void {
  if ((history.state as { inApp?: boolean } | null)?.inApp) {
    event.preventDefault();
    history.back();
  }
}
