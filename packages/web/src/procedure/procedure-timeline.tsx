import type { ProcedureNotice, TenderProcedure } from "@tender/contracts";
import { UserText } from "../components/user-text.js";
import { formatDate, kindName } from "../format.js";
import { APP_BASE } from "../router.js";
import { ChangeList } from "./change-list.js";

interface Props {
  procedure: TenderProcedure;
  /** The notice this page shows: marked, and not a link to itself. */
  viewing: string;
}

/**
 * The procedure's story on a tender page, oldest first: each notice with its kind, date and what
 * it changed; replaced notices struck through with a link to the one that replaced them. A
 * procedure of one notice has no story: nothing is drawn.
 */
export function ProcedureTimeline({ procedure, viewing }: Props) {
  const notices = procedure.notices;
  if (notices.length < 2) return null;
  const byId = new Map(notices.map((n) => [n.id, n]));
  return (
    <section class="timeline" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">Procedure timeline</h2>
      <p class="small muted">
        {notices.length} notices, oldest first. A struck-through notice was replaced by a later one.
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
