import { countMarkup, type MarkupCounts } from "./count-markup.js";
import type { EformsLimits } from "./eforms-limits.js";
import { type EformsRefusal, type EformsRefusalCode, refuse } from "./eforms-refusal.js";

const count = (n: number) => n.toLocaleString("en");

/** Each count of the budget: its limit, and the refusal when a notice passes it. */
const BUDGET: readonly {
  found: keyof MarkupCounts;
  limit: (limits: EformsLimits) => number;
  code: EformsRefusalCode;
  message: (limit: string) => string;
}[] = [
  {
    found: "elements",
    limit: (l) => l.maxElements,
    code: "too-many-elements",
    message: (n) => `The notice has more than ${n} elements; it is refused.`,
  },
  {
    found: "widestElement",
    limit: (l) => l.maxAttributesPerElement,
    code: "too-many-attributes",
    message: (n) => `An element of the notice has more than ${n} attributes; it is refused.`,
  },
  {
    found: "attributes",
    limit: (l) => l.maxAttributes,
    code: "too-many-attributes",
    message: (n) => `The notice has more than ${n} attributes; it is refused.`,
  },
  {
    found: "entityReferences",
    limit: (l) => l.maxEntityReferences,
    code: "too-many-references",
    message: (n) => `The notice has more than ${n} entity or character references (&…;); it is refused.`,
  },
  {
    found: "lots",
    limit: (l) => l.maxLotsGiven,
    code: "too-many-lots",
    message: (n) => `The notice has more than ${n} lots or lot results; it is refused.`,
  },
];

/**
 * The parse budget: what the tree would hold, counted before it is built. Parsing costs time and
 * memory per element, attribute and reference, on the ingest worker's event loop; past these
 * counts (far above any real notice) the notice is refused with the count that was passed.
 */
export function refuseOverBudget(text: string, limits: EformsLimits): EformsRefusal | null {
  const found = countMarkup(text, {
    elements: limits.maxElements,
    attributes: limits.maxAttributes,
    attributesPerElement: limits.maxAttributesPerElement,
    entityReferences: limits.maxEntityReferences,
    lots: limits.maxLotsGiven,
  });
  const passed = BUDGET.find((item) => found[item.found] > item.limit(limits));
  return passed === undefined ? null : refuse(passed.code, passed.message(count(passed.limit(limits))));
}
