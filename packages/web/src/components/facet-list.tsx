import type { FacetCount } from "@tender/contracts";
import { UserText } from "./user-text.js";

interface Props {
  /** The fieldset's legend. */
  legend: string;
  /** An id prefix, unique on the page. */
  name: string;
  counts: FacetCount[];
  /** The total matching tenders: the full length of a bar. */
  total: number;
  selected: string[];
  label?: (value: string) => string;
  /** Also show the value itself after its label (a CPV division's digits). */
  showValue?: boolean;
  onToggle: (value: string, on: boolean) => void;
}

/** Checkboxes for one facet, each with its count of matching tenders drawn as a small bar. */
export function FacetList({ legend, name, counts, total, selected, label, showValue, onToggle }: Props) {
  const shown = [...counts];
  // A chosen value that no matching tender has any more still shows, so it can be unticked.
  for (const value of selected) {
    if (!shown.some((c) => c.value === value)) shown.push({ value, count: 0 });
  }
  if (shown.length === 0) return null;
  return (
    <fieldset class="facet">
      <legend>{legend}</legend>
      <ul>
        {shown.map(({ value, count }) => {
          const id = `${name}-${value}`;
          const checked = selected.includes(value);
          const width = total > 0 ? Math.max(2, Math.round((count / total) * 100)) : 0;
          return (
            <li key={value}>
              <input
                type="checkbox"
                id={id}
                checked={checked}
                onChange={(e) => onToggle(value, (e.target as HTMLInputElement).checked)}
              />
              <label for={id}>
                <span class="facet-value">
                  <UserText text={label ? label(value) : value} />
                  {showValue && label && label(value) !== value && <span class="muted small"> {value}</span>}
                </span>
                <span class="facet-count">{count}</span>
                <span class="facet-bar" aria-hidden="true">
                  <span style={{ width: `${width}%` }} />
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
