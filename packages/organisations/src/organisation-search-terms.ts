import { normaliseOrganisationName } from "./normalise-organisation-name.js";
import { organisationKey } from "./organisation-key.js";

/** Most words of a query that are matched; more only narrow the search further. */
export const SEARCH_TERMS_MAX_WORDS = 8;

/** What an organisation search looks for, derived from the text a person typed. */
export interface OrganisationSearchTerms {
  /** The normalised query: shown names that start with it come first. `""` when it has no letter or digit. */
  prefix: string;
  /** Its words (at most 8): every one must be a word of a spelling, the last may be a word's start. */
  words: string[];
  /** The query read as a registered identifier (without spaces and dots, upper case), with and without a scheme prefix. */
  identifiers: string[];
  /** Organisation keys the query names exactly (`GB-COH-01234567` → `GB-COH:01234567`). */
  keys: string[];
}

// `GB-COH-01234567`, `GB-PPON PXYZ-1234`: an org-id.guide scheme, then the identifier.
const SCHEMED = /^([A-Z]{2}-[A-Z0-9]{2,16})[-:\s]+(\S.*)$/u;

/**
 * The terms of an organisation search (README: "Search"): the query normalised as names are
 * (`"acme ltd"` → prefix `acme`, so it finds "ACME Limited"), its words, and the identifiers and
 * keys it could name. Pure and bounded: any text of any length gives at most 8 words and 4 keys.
 */
export function organisationSearchTerms(query: string): OrganisationSearchTerms {
  const prefix = normaliseOrganisationName(query);
  const words = prefix === "" ? [] : prefix.split(" ").slice(0, SEARCH_TERMS_MAX_WORDS);
  const text = query.slice(0, 400).trim().toUpperCase();
  const identifiers = new Set<string>();
  const keys = new Set<string>();
  const bare = text.replace(/[\s.]+/gu, "");
  if (/\p{N}/u.test(bare) && bare.length <= 200 && !/[:\p{C}]/u.test(bare)) identifiers.add(bare);
  const schemed = SCHEMED.exec(text);
  if (schemed) {
    const [, scheme = "", identifier = ""] = schemed;
    const key = organisationKey({ scheme, identifier });
    if (key !== null && !key.startsWith("name:")) {
      keys.add(key);
      identifiers.add(key.slice(key.indexOf(":") + 1));
    }
  }
  return { prefix, words, identifiers: [...identifiers], keys: [...keys] };
}
