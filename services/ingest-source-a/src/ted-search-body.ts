/** The fields the mapper reads (`TED_FIELDS` overrides them). */
export const DEFAULT_TED_FIELDS = [
  "publication-number",
  "notice-type",
  "form-type",
  "procedure-type",
  "notice-title",
  "buyer-name",
  "buyer-country",
  "description-lot",
  "classification-cpv",
  "place-of-performance",
  "publication-date",
  "deadline-receipt-tender-date-lot",
  "deadline-receipt-tender-time-lot",
  "estimated-value-lot",
  "estimated-value-cur-lot",
  "total-value",
  "total-value-cur",
  "links",
] as const;

/**
 * Default expert query: calls for competition and prior information notices with a call for
 * competition, published in the last two days. The window is the "memory" between passes: every
 * fresh pass re-reads it (unchanged notices cost no writes), so it must be longer than the poll
 * interval plus any downtime to be bridged.
 */
export const DEFAULT_TED_QUERY =
  "notice-type IN (cn-standard cn-social cn-desg pin-cfc-standard pin-cfc-social) AND publication-date>=today(-2)";

export interface TedSearchOptions {
  query: string;
  fields: readonly string[];
  pageSize: number;
}

/** Body of `POST /v3/notices/search` in iteration mode; the token goes back exactly as TED gave it. */
export function tedSearchBody(
  options: TedSearchOptions,
  iterationNextToken: string | null,
): Record<string, unknown> {
  return {
    query: options.query,
    fields: [...options.fields],
    limit: options.pageSize,
    scope: "ALL",
    paginationMode: "ITERATION",
    checkQuerySyntax: false,
    ...(iterationNextToken === null ? {} : { iterationNextToken }),
  };
}
