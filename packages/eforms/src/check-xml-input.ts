import { XMLValidator } from "fast-xml-parser";
import type { EformsLimits } from "./eforms-limits.js";
import { type EformsRefusal, refuse } from "./eforms-refusal.js";
import { refuseOverBudget } from "./refuse-over-budget.js";

// In well-formed XML: a comment, CDATA section or processing instruction (skipped), or a tag.
const MARKUP =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<(\/?)[^\s/>!?]+(?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*(\/?)>/g;

/** The deepest element nesting of well-formed XML, stopping as soon as it passes `max`. */
function nestingDepth(text: string, max: number): number {
  let depth = 0;
  let deepest = 0;
  MARKUP.lastIndex = 0;
  for (let match = MARKUP.exec(text); match !== null; match = MARKUP.exec(text)) {
    const [, closing, selfClosing] = match;
    if (closing === undefined) continue;
    if (closing === "/") {
      depth--;
      continue;
    }
    deepest = Math.max(deepest, depth + 1);
    if (deepest > max) break;
    if (selfClosing !== "/") depth++;
  }
  return deepest;
}

/**
 * The notice as text, or why it is not read: over the size cap, a DOCTYPE (the door to entity
 * expansion and external entities, which no eForms notice uses), over the parse budget (elements,
 * attributes, entity references, lots), or not well-formed XML. Everything here is linear in the
 * input and allocates nothing per character.
 */
export function checkXmlInput(input: string | Uint8Array, limits: EformsLimits): string | EformsRefusal {
  const bytes = typeof input === "string" ? Buffer.byteLength(input, "utf8") : input.byteLength;
  if (bytes > limits.maxBytes) {
    return refuse(
      "too-large",
      `The notice is ${bytes.toLocaleString("en")} bytes; at most ${limits.maxBytes.toLocaleString("en")} are read.`,
    );
  }
  const text = typeof input === "string" ? input : new TextDecoder("utf-8").decode(input);
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    return refuse(
      "doctype",
      "The notice declares a DOCTYPE or entities; eForms notices have none, so it is refused.",
    );
  }
  const overBudget = refuseOverBudget(text, limits);
  if (overBudget !== null) return overBudget;
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { msg, line } = valid.err;
    return refuse("not-xml", `The notice is not well-formed XML (line ${line}): ${msg}`);
  }
  if (nestingDepth(text, limits.maxDepth) > limits.maxDepth) {
    return refuse(
      "too-deep",
      `The notice nests elements more than ${limits.maxDepth} levels deep; it is refused.`,
    );
  }
  return text;
}
