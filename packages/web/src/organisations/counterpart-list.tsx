import type { OrganisationCounterpart } from "@tender/contracts";
import { OrganisationLink } from "../components/organisation-link.js";

/** The buyers or suppliers an organisation dealt with most, each with its number of awards. */
export function CounterpartList({ title, items }: { title: string; items: OrganisationCounterpart[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <ol class="counterparts">
        {items.map((c) => (
          <li key={c.id}>
            <OrganisationLink id={c.id} name={c.name} />{" "}
            <span class="muted small">
              {c.count === 1 ? "1 award" : `${c.count.toLocaleString("en-GB")} awards`}
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}
