import { decodeXML } from "entities";

const CDATA = /<!\[CDATA\[([\s\S]*?)\]\]>/g;

/** Removes tags outside CDATA with `replaceTag`, decodes entities, and keeps CDATA text verbatim. */
function stripTags(xml: string, replaceTag: (tag: string) => string): string {
  const cleaned = xml
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<![A-Z][^>]*>/g, "")
    .replace(/<\?[\s\S]*?\?>/g, "");
  let out = "";
  let last = 0;
  for (const match of cleaned.matchAll(CDATA)) {
    out += decodeXML(cleaned.slice(last, match.index).replace(/<[^>]*>/g, replaceTag));
    out += match[1] ?? "";
    last = match.index + match[0].length;
  }
  return out + decodeXML(cleaned.slice(last).replace(/<[^>]*>/g, replaceTag));
}

/** Text of a generic XML document: element text, one line per closed element. */
export function xmlToText(xml: string): string {
  return stripTags(xml, (tag) => (tag.startsWith("</") || tag.endsWith("/>") ? "\n" : ""));
}

/** Text of an OpenDocument `content.xml`: paragraphs and headings as lines, tabs, spaces and table cells kept. */
export function odfContentToText(xml: string): string {
  const body = xml.replace(/^[\s\S]*?<office:body[^>]*>/, "");
  return stripTags(body, (tag) => {
    if (/^<text:s(\s|\/)/.test(tag))
      return " ".repeat(Math.min(100, Number(/text:c="(\d+)"/.exec(tag)?.[1] ?? 1)));
    if (tag.startsWith("<text:tab")) return "\t";
    if (tag.startsWith("<text:line-break")) return "\n";
    if (tag === "</text:p>" || tag === "</text:h>" || tag === "</table:table-row>") return "\n";
    if (tag === "</table:table-cell>") return " | ";
    return "";
  });
}

/** Visible text of an HTML page: no scripts, styles, images or link targets; no line wrapping. */
export async function htmlToText(html: string): Promise<string> {
  const { convert } = await import("html-to-text");
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: "a", options: { ignoreHref: true } },
      { selector: "img", format: "skip" },
      { selector: "script", format: "skip" },
      { selector: "style", format: "skip" },
    ],
  });
}

/** Text of a JSON document: one `path: value` line per string, number or boolean. */
export function jsonToText(value: unknown): string {
  const lines: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (node === null || node === undefined) return;
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) walk(item, `${path}[${i}]`);
    } else if (typeof node === "object") {
      for (const [key, item] of Object.entries(node)) walk(item, path ? `${path}.${key}` : key);
    } else lines.push(path ? `${path}: ${String(node)}` : String(node));
  };
  walk(value, "");
  return lines.join("\n");
}
