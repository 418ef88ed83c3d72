import {
  describeAwards,
  describeNoticeChanges,
  followUpTitle,
  showBidiControls,
} from "@tender/contracts/display";
import { type CpvLanguage, cpvTerms } from "@tender/cpv";
import type { ListedMatch } from "@tender/db";

/** What a feed shows: its saved search and its latest matches, newest first. */
export interface AtomFeedInput {
  savedSearch: { id: string; name: string; created_at: Date };
  matches: readonly ListedMatch[];
  /** The absolute URL the feed was read from (`rel="self"`). */
  selfUrl: string;
  /** The language of the CPV labels; English when absent. */
  labelLanguage?: CpvLanguage;
}

/** The scheme of CPV categories: the EU Vocabularies' URI of the CPV. */
export const CPV_SCHEME = "http://data.europa.eu/cpv/cpv";

// Atom summaries stay short: a feed reader shows a line or two, the whole text is one click away.
const SUMMARY_MAX_CHARS = 1000;

// A carriage return is written as a reference: a parser turns a literal one into a line feed.
const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  "\r": "&#13;",
};

/**
 * Text as XML 1.0 character data: `&`, `<`, `>`, `"`, `'` and carriage returns escaped, and every character XML 1.0
 * cannot carry at all (controls other than tab and line breaks, lone surrogates, U+FFFE/U+FFFF)
 * replaced by U+FFFD, so any stored text yields a well-formed document. Bidirectional controls
 * are shown as markers (`⟨U+202E⟩`): a feed reader must not show a buyer as `gnp.exe`.
 */
export function xmlText(text: string): string {
  return (
    showBidiControls(text.toWellFormed())
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 forbids.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "\uFFFD")
      .replace(/[&<>"'\r]/g, (c) => ESCAPES[c] as string)
  );
}

function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}

/**
 * A follow-up's summary starts with who won ("Awarded to … — EUR 239,689.54") and what changed
 * ("deadline 29 Oct 2026 → 4 Nov 2026"); then the matched text.
 */
function summary(m: ListedMatch): string {
  const lead = m.reason === "match" ? [] : [describeAwards(m.awards), describeNoticeChanges(m.changes)];
  return clip([...lead.filter(Boolean), m.snippet].join("\n\n"), SUMMARY_MAX_CHARS);
}

/**
 * The Atom 1.0 (RFC 4287) feed of a saved search: feed `id`, `title`, `updated` (the newest
 * match, else the saved search's creation), `author` and a `self` link; one `entry` per match
 * with `id` (the alert id as a URN), the tender's title, `updated` (when it matched), an
 * `alternate` link to the notice and the matched text as `summary`. A follow-up's title says
 * what happened ("Changed: …", "Awarded: …", "Cancelled: …") and its summary starts with the
 * winners and the changes. Each entry has a category per CPV code (`term` the code, `label` its
 * label in `labelLanguage`) after the one naming its source.
 */
export function renderAtomFeed(input: AtomFeedInput): string {
  const { savedSearch, matches } = input;
  const updated = matches[0]?.matched_at ?? savedSearch.created_at.toISOString();
  const entries = matches.map(
    (m) => `  <entry>
    <id>urn:uuid:${m.alert_id}</id>
    <title>${xmlText(followUpTitle(m.reason, m.tender.title))}</title>
    <updated>${m.matched_at}</updated>
    <link rel="alternate" href="${xmlText(m.tender.source_url)}"/>
    <summary>${xmlText(summary(m))}</summary>
    <category term="${m.tender.source}"/>
${cpvTerms(m.tender.cpv_codes, input.labelLanguage)
  .map(
    (t) =>
      `    <category term="${t.code}" scheme="${CPV_SCHEME}"${t.label === null ? "" : ` label="${xmlText(t.label)}"`}/>\n`,
  )
  .join("")}  </entry>
`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>urn:uuid:${savedSearch.id}</id>
  <title>${xmlText(savedSearch.name)}</title>
  <updated>${updated}</updated>
  <author><name>Tender search</name></author>
  <link rel="self" href="${xmlText(input.selfUrl)}"/>
${entries.join("")}</feed>
`;
}
