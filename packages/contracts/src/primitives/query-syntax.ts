/** Most words, phrases and exclusions of a hybrid query that count (docs/api.md#hybrid-search): the rest is read by the vector only. */
export const QUERY_MAX_TERMS = 32;

/** A word or a quoted phrase of a query, as typed (quotes removed, never empty). */
export interface QueryTerm {
  kind: "word" | "phrase";
  text: string;
}

/** A query read as docs/api.md#hybrid-search describes: every group must match, any term of a group will do. */
export interface ParsedQuery {
  /** AND of ORs; empty: nothing positive to look for (only stop words do the same later). */
  groups: QueryTerm[][];
  /** Terms no result may hold. */
  excluded: QueryTerm[];
  /** Words shaped like identifiers (letters and digits with `-`, `/`, `.` or `_`, at least one digit). */
  identifiers: string[];
  /** Words and phrases counted: groups' terms and exclusions. */
  terms: number;
}

interface Token {
  text: string;
  quoted: boolean;
  negated: boolean;
}

/** Characters that only punctuate: dropped from words so the rendered query has no syntax of its own. */
const NOT_A_WORD = /["\\]/g;

/**
 * Reads a query as people type it into procurement portals: words, `"exact phrases"` (an
 * unbalanced quote ends at the end of the query), `OR` between two terms (upper case), `-term`
 * to exclude. An `OR` or `-` with nothing to apply to is ignored. Terms past the first
 * {@link QUERY_MAX_TERMS} are left out, so no query asks more of the index than that. Never throws.
 */
export function parseQuerySyntax(query: string): ParsedQuery {
  const tokens = tokenize(query);
  const groups: QueryTerm[][] = [];
  const excluded: QueryTerm[] = [];
  const identifiers: string[] = [];
  let joinNext = false;
  for (const token of tokens) {
    if (!token.quoted && !token.negated && token.text === "OR") {
      joinNext = groups.length > 0;
      continue;
    }
    const text = token.text.replace(NOT_A_WORD, " ").replace(/\s+/g, " ").trim();
    if (!/[\p{L}\p{N}]/u.test(text)) {
      joinNext = false;
      continue;
    }
    if (groups.flat().length + excluded.length >= QUERY_MAX_TERMS) break;
    const term: QueryTerm = { kind: token.quoted ? "phrase" : "word", text };
    if (token.negated) {
      excluded.push(term);
      joinNext = false;
      continue;
    }
    if (!token.quoted && isIdentifierShaped(text)) identifiers.push(text);
    const last = groups.at(-1);
    if (joinNext && last) last.push(term);
    else groups.push([term]);
    joinNext = false;
  }
  return { groups, excluded, identifiers, terms: groups.flat().length + excluded.length };
}

/** A word that names something rather than says it: at least one digit, letters and digits joined by `-./_`. */
export function isIdentifierShaped(word: string): boolean {
  return /\p{N}/u.test(word) && /^[\p{L}\p{N}]+(?:[-./_:][\p{L}\p{N}]+)*$/u.test(word) && word.length <= 200;
}

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const chars = [...query];
  while (i < chars.length) {
    const c = chars[i] as string;
    if (/\s/u.test(c)) {
      i++;
      continue;
    }
    let negated = false;
    if (c === "-" && i + 1 < chars.length && !/\s/u.test(chars[i + 1] as string)) {
      negated = true;
      i++;
    }
    if (chars[i] === '"') {
      const end = chars.indexOf('"', i + 1);
      const stop = end === -1 ? chars.length : end;
      tokens.push({ text: chars.slice(i + 1, stop).join(""), quoted: true, negated });
      i = stop + 1;
      continue;
    }
    let j = i;
    while (j < chars.length && !/\s/u.test(chars[j] as string) && chars[j] !== '"') j++;
    tokens.push({ text: chars.slice(i, j).join(""), quoted: false, negated });
    i = j;
  }
  return tokens;
}

/**
 * The positive part of a parsed query as text for PostgreSQL's `websearch_to_tsquery`: each term
 * quoted (so nothing in it is an operator), ORs joined with ` OR `, groups with a space. Empty
 * when there is no positive term.
 */
export function renderWebsearch(groups: readonly (readonly QueryTerm[])[]): string {
  return groups.map((group) => group.map((t) => `"${t.text}"`).join(" OR ")).join(" ");
}
