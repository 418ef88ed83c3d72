import type { SearchResultItem, TenderFilters } from "@tender/contracts";
import { useEffect, useRef, useState } from "preact/hooks";
import type { ApiClient } from "../api/api-client.js";
import { ApiFailure, envelopeFailure, networkFailure } from "../api/api-failure.js";
import { readEventStream } from "../api/read-event-stream.js";
import { FailureNotice } from "../components/failure-notice.js";
import { UserText } from "../components/user-text.js";
import { APP_BASE } from "../router.js";
import { splitCitations } from "./split-citations.js";

type Phase = "idle" | "streaming" | "done" | "stopped" | "dropped" | "failed";

interface Props {
  api: ApiClient;
  filters: TenderFilters | undefined;
  initialQuestion?: string;
  /** Prefix of element ids, unique on the page. */
  idPrefix: string;
}

/**
 * Ask: the answer appears as it streams (docs/api.md#streaming-ask), each `[n]` a link to its
 * source fragment, which it highlights. Stop cancels the request (the server then cancels the
 * model's). A stream that ends without its `done` event is shown as cut off, with what came.
 */
export function AskPanel({ api, filters, initialQuestion = "", idPrefix }: Props) {
  const [question, setQuestion] = useState(initialQuestion);
  const [phase, setPhase] = useState<Phase>("idle");
  const [answer, setAnswer] = useState("");
  const [sources, setSources] = useState<SearchResultItem[]>([]);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [highlight, setHighlight] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const sourceId = (n: number) => `${idPrefix}-source-${n}`;
  const ask = async () => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setPhase("streaming");
    setAnswer("");
    setSources([]);
    setFailure(null);
    setHighlight(null);
    let finished = false;
    try {
      const body = { query: question.trim(), limit: 5, mode: "hybrid", ...(filters ? { filters } : {}) };
      const response = await api.askStream(body, abort.signal);
      if (!response.body) throw networkFailure();
      await readEventStream(response.body, ({ event, data }) => {
        const parsed = JSON.parse(data);
        if (event === "sources") setSources(parsed.sources);
        else if (event === "delta") setAnswer((text) => text + parsed.text);
        else if (event === "done") {
          finished = true;
          setAnswer(parsed.answer);
          setSources(parsed.sources);
          setPhase("done");
        } else if (event === "error") {
          finished = true;
          setFailure(envelopeFailure(200, parsed));
          setPhase("failed");
        }
      });
      if (!finished) setPhase("dropped");
    } catch (error) {
      if (abort.signal.aborted) {
        setPhase("stopped");
      } else if (error instanceof ApiFailure) {
        setFailure(error);
        setPhase("failed");
      } else {
        // The connection broke mid-stream (or a piece could not be read).
        setPhase(finished ? "done" : "dropped");
      }
    }
  };
  const stop = () => controller.current?.abort();
  const showSource = (n: number) => {
    setHighlight(n);
    document.getElementById(sourceId(n))?.focus();
  };
  const nothingFound = phase === "done" && sources.length === 0;

  return (
    <section class="ask" aria-labelledby={`${idPrefix}-ask-heading`}>
      <h2 id={`${idPrefix}-ask-heading`}>Ask</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (question.trim() !== "") void ask();
        }}
      >
        <label for={`${idPrefix}-question`}>Your question</label>
        <textarea
          id={`${idPrefix}-question`}
          rows={2}
          maxLength={1000}
          required
          value={question}
          onInput={(e) => setQuestion((e.target as HTMLTextAreaElement).value)}
        />
        <div class="row">
          <button type="submit" disabled={phase === "streaming"}>
            Ask
          </button>
          {phase === "streaming" && (
            <button type="button" class="secondary" onClick={stop}>
              Stop
            </button>
          )}
        </div>
      </form>
      <div class="answer-area" aria-live="polite" aria-busy={phase === "streaming"}>
        {phase === "streaming" && answer === "" && <p class="muted">Searching and writing the answer…</p>}
        {nothingFound ? (
          <div class="notice no-answer" data-testid="no-answer">
            <p>
              <strong>No relevant passage was found, so there is no answer.</strong>
            </p>
            <p class="fixed-sentence">
              <UserText text={answer} />
            </p>
          </div>
        ) : (
          answer !== "" && (
            <p class="answer" data-testid="answer">
              {splitCitations(answer, sources.length).map((part, i) =>
                "cite" in part ? (
                  <a
                    key={i}
                    class="cite"
                    href={`#${sourceId(part.cite)}`}
                    onClick={(event) => {
                      event.preventDefault();
                      showSource(part.cite);
                    }}
                  >
                    [{part.cite}]
                  </a>
                ) : (
                  <span key={i}>
                    <UserText text={part.text} />
                  </span>
                ),
              )}
            </p>
          )
        )}
        {phase === "stopped" && (
          <p class="notice notice-warning" role="status">
            Stopped. {answer ? "The answer above is incomplete." : ""}
          </p>
        )}
        {phase === "dropped" && (
          <div class="notice notice-error" role="alert" data-testid="dropped">
            <p>
              <strong>The connection was cut before the answer was complete.</strong>{" "}
              {answer ? "What arrived is shown above. " : ""}Ask again to get the whole answer.
            </p>
          </div>
        )}
        {failure && <FailureNotice failure={failure} onRetry={() => void ask()} />}
      </div>
      {sources.length > 0 && (
        <>
          <h3>Sources</h3>
          <ol class="sources">
            {sources.map((s, i) => (
              <li
                key={`${s.tender_id}-${i}`}
                id={sourceId(i + 1)}
                tabIndex={-1}
                class={highlight === i + 1 ? "highlighted" : undefined}
                data-testid="source"
              >
                <p class="small">
                  <a href={`${APP_BASE}tenders/${s.tender_id}`}>
                    <UserText text={s.title} />
                  </a>
                  <span class="muted">
                    {" "}
                    · {s.attachment ? <UserText text={s.attachment.filename} /> : "the notice"} · score{" "}
                    {s.score.toFixed(3)}
                  </span>
                </p>
                <p class="snippet">
                  <UserText text={s.snippet} />
                </p>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
