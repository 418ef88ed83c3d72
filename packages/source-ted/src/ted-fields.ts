import { DEFAULT_TED_FIELDS } from "./ted-search-body.js";

/**
 * What the mapper cannot do without: identity, title, buyer, publication date and the links
 * (`source_url` and the PDF). They are always requested, so a narrowed `TED_FIELDS` cannot turn
 * every notice into a quarantine entry.
 */
export const REQUIRED_TED_FIELDS = [
  "publication-number",
  "notice-title",
  "buyer-name",
  "publication-date",
  "links",
] as const;

const FIELD_NAME = /^[A-Za-z0-9-]+$/;

/** `TED_FIELDS` (comma list) as entries, trimmed and blanks dropped; `null` when one is not a field name. */
export function parseTedFields(text: string): string[] | null {
  const fields = text
    .split(",")
    .map((field) => field.trim())
    .filter((field) => field !== "");
  return fields.every((field) => FIELD_NAME.test(field)) ? fields : null;
}

/**
 * The fields to request: `DEFAULT_TED_FIELDS` when `TED_FIELDS` is unset or lists none, else the
 * listed ones after `REQUIRED_TED_FIELDS`, each once. TED refuses a search without fields.
 */
export function tedFields(configured: string | undefined): string[] {
  const listed = configured === undefined ? [] : (parseTedFields(configured) ?? []);
  if (listed.length === 0) return [...DEFAULT_TED_FIELDS];
  return [...new Set([...REQUIRED_TED_FIELDS, ...listed])];
}
