/** What `countMarkup` found, as far as it read: every count stops once past its limit. */
export interface MarkupCounts {
  /** Start tags (elements), outside comments, CDATA sections and processing instructions. */
  elements: number;
  /** Attributes of all elements, and of the element that has the most. */
  attributes: number;
  widestElement: number;
  /** `&` in text and attribute values: every entity or character reference. */
  entityReferences: number;
  /** `ProcurementProjectLot` or `LotResult` elements (any prefix), whichever are more. */
  lots: number;
}

/** The counts past which `countMarkup` stops reading (the first one passed is the reason). */
export interface MarkupBudget {
  elements: number;
  attributes: number;
  attributesPerElement: number;
  entityReferences: number;
  lots: number;
}

const QUOTE = new Set(['"', "'"]);
// Markup that is not a start tag, skipped to its end: comments, CDATA, PIs, declarations, end tags.
const SKIPPED: readonly (readonly [string, string])[] = [
  ["<!--", "-->"],
  ["<![CDATA[", "]]>"],
  ["<?", "?>"],
  ["<!", ">"],
  ["</", ">"],
];
// Characters that end an element name: whitespace, `/` and `>`.
const NAME_END = /[\s/>]/g;

/** The end of a tag that starts at `from` (after its name): the `>` outside quoted values. */
function readTag(text: string, from: number, counts: MarkupCounts): { end: number; attributes: number } {
  let attributes = 0;
  let quote = "";
  for (let i = from; i < text.length; i++) {
    const c = text[i] as string;
    if (quote !== "") {
      if (c === quote) quote = "";
      else if (c === "&") counts.entityReferences++;
    } else if (QUOTE.has(c)) quote = c;
    else if (c === "=") attributes++;
    else if (c === ">") return { end: i + 1, attributes };
  }
  return { end: text.length, attributes };
}

/** The local name of the element whose `<` is at `at`, and where the name ends. */
function readName(text: string, at: number): { name: string; end: number } {
  NAME_END.lastIndex = at + 1;
  const end = NAME_END.exec(text)?.index ?? text.length;
  const name = text.slice(at + 1, end);
  const colon = name.indexOf(":");
  return { name: colon === -1 ? name : name.slice(colon + 1), end };
}

/**
 * Counts the markup a parse would build, in one linear pass that allocates nothing per
 * character: elements, attributes, entity references and lots. Comments, CDATA sections and
 * processing instructions are skipped whole (a `<a` inside them is text, not an element). Stops
 * as soon as a count passes its budget; malformed markup is left for the validator to name.
 */
export function countMarkup(text: string, budget: MarkupBudget): MarkupCounts {
  const counts: MarkupCounts = { elements: 0, attributes: 0, widestElement: 0, entityReferences: 0, lots: 0 };
  const over = () =>
    counts.elements > budget.elements ||
    counts.attributes > budget.attributes ||
    counts.widestElement > budget.attributesPerElement ||
    counts.entityReferences > budget.entityReferences ||
    counts.lots > budget.lots;
  let lots = 0;
  let lotResults = 0;
  let i = 0;
  // The next `&` at or after `i`, found once and kept: searching again from every text run would
  // scan to the end of a notice without one each time.
  let amp = text.indexOf("&");
  while (i < text.length && !over()) {
    const lt = text.indexOf("<", i);
    const textEnd = lt === -1 ? text.length : lt;
    if (amp !== -1 && amp < i) amp = text.indexOf("&", i);
    while (amp !== -1 && amp < textEnd) {
      counts.entityReferences++;
      amp = text.indexOf("&", amp + 1);
    }
    if (lt === -1) break;
    const skip = SKIPPED.find(([open]) => text.startsWith(open, lt));
    if (skip !== undefined) {
      const [open, close] = skip;
      const end = text.indexOf(close, lt + open.length);
      i = end === -1 ? text.length : end + close.length;
      continue;
    }
    const { name, end: nameEnd } = readName(text, lt);
    const tag = readTag(text, nameEnd, counts);
    counts.elements++;
    if (name === "ProcurementProjectLot") lots++;
    else if (name === "LotResult") lotResults++;
    counts.lots = Math.max(lots, lotResults);
    counts.attributes += tag.attributes;
    counts.widestElement = Math.max(counts.widestElement, tag.attributes);
    i = tag.end;
  }
  return counts;
}
