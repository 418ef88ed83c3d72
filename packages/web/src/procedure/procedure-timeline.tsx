import type { ProcedureNotice, ProcedureResponse, TenderProcedure } from "@tender/contracts";
import type { ApiClient } from "../api/api-client.js";
import { UserText } from "../components/user-text.js";
import { formatDate, kindName } from "../format.js";
import { APP_BASE } from "../router.js";
import { useRequest } from "../use-request.js";
import { ChangeList } from "./change-list.js";

interface Props {
  api: ApiClient;
  /** The card's: only the viewed notice carries its changes. */
  procedure: TenderProcedure;
  /** The notice this page shows: marked, and not a link to itself. */
  viewing: string;
}

/**
 * The procedure's story on a tender page, oldest first: each notice with its kind, date and what
 * it changed (from the procedure's answer; the card gives the viewed notice's changes only, and
 * stands in until the answer arrives or when it fails); replaced notices struck through with a
 * link to the one that replaced them. A long procedure shows its first and latest notices. A
 * procedure of one notice has no story: nothing is drawn, nothing is fetched.
 */
export function ProcedureTimeline({ api, procedure, viewing }: Props) {
  const several = procedure.notices_total >= 2;
  const [answer] = useRequest(
    (signal) =>
      several
        ? api.get<ProcedureResponse>(`/procedures/${procedure.id}`, undefined, signal)
        : Promise.resolve(null),
    [api, procedure.id, several],
  );
  if (!several) return null;
  const full = answer.status === "done" ? answer.data : null;
  // In the middle of a long procedure the viewed notice is only in the card's list.
  const listed = full?.notices.some((n) => n.id === viewing) ? full : null;
  const notices = listed?.notices ?? procedure.notices;
  const total = listed?.notices_total ?? procedure.notices_total;
  const byId = new Map(notices.map((n) => [n.id, n]));
  return (
    <section class="timeline" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">Procedure timeline</h2>
      <p class="small muted">
        {total} notices, oldest first
        {notices.length < total ? `: the first and the latest ${notices.length - 1} shown` : ""}. A
        struck-through notice was replaced by a later one.
      </p>
      <ol class="timeline-list">
        {notices.map((notice) => (
          <TimelineItem
            key={notice.id}
            notice={notice}
            here={notice.id === viewing}
            successor={notice.superseded_by ? (byId.get(notice.superseded_by) ?? null) : null}
          />
        ))}
      </ol>
    </section>
  );
}

interface ItemProps {
  notice: ProcedureNotice;
  here: boolean;
  successor: ProcedureNotice | null;
}

function TimelineItem({ notice, here, successor }: ItemProps) {
  const replaced = notice.superseded_by !== null;
  const head = (
    <>
      <span class="kind">{kindName(notice.kind)}</span>{" "}
      <time dateTime={notice.published_at}>{formatDate(notice.published_at)}</time>
    </>
  );
  const classes = ["timeline-item", replaced ? "superseded" : "", here ? "here" : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <li class={classes} aria-current={here ? "page" : undefined}>
      <p class="timeline-head">
        {replaced ? <s>{head}</s> : head}
        <span class="muted">
          {" · "}
          {here ? (
            <>
              notice <UserText text={notice.external_id} /> <strong class="here-mark">this page</strong>
            </>
          ) : (
            <a href={`${APP_BASE}tenders/${notice.id}`}>
              notice <UserText text={notice.external_id} />
            </a>
          )}
        </span>
      </p>
      {replaced && (
        <p class="replaced small">
          Replaced by{" "}
          <a href={`${APP_BASE}tenders/${notice.superseded_by}`}>
            {successor ? (
              <>
                notice <UserText text={successor.external_id} />
              </>
            ) : (
              "a later notice"
            )}
          </a>
        </p>
      )}
      {notice.changes !== null && <ChangeList changes={notice.changes} />}
    </li>
  );
}
