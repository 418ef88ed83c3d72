import type { NoticeChange } from "@tender/contracts";
import { UserText } from "../components/user-text.js";
import { changeLine } from "./change-line.js";

/** What a change notice changed against the notice it replaced, one line per field. */
export function ChangeList({ changes }: { changes: NoticeChange[] }) {
  if (changes.length === 0) return <p class="small muted">Changes nothing a bidder sees.</p>;
  return (
    <ul class="changes">
      {changes.map((change, i) => {
        const line = changeLine(change);
        const value = (text: string) =>
          line.shape === "pair" && line.sourceText ? <UserText text={text} /> : text;
        return (
          <li key={`${change.field}-${i}`}>
            <span class="change-label">{line.label}</span>{" "}
            {line.shape === "pair" ? (
              <>
                <span class="visually-hidden">from </span>
                <span class="change-from">{value(line.from)}</span>
                <span aria-hidden="true"> → </span>
                <span class="visually-hidden"> to </span>
                <span class="change-to">{value(line.to)}</span>
              </>
            ) : (
              <>
                {line.items.map((item, j) => (
                  <span key={`${j}-${item}`}>
                    {j > 0 && ", "}
                    <UserText text={item} />
                  </span>
                ))}
                {line.more > 0 && ` and ${line.more} more`}
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
