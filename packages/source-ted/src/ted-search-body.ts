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
  "procedure-identifier",
  "change-notice-version-identifier",
  // The change reason (eForms BT-140, by its field id): `cancel` makes a change a cancellation.
  "BT-140-notice",
] as const;

/**
 * Default expert query (`TED_QUERY`): calls for competition, prior information notices with a
 * call for competition, their change notices (which keep the notice type of what they change),
 * result notices and contract modifications, so a procedure's story arrives with it. It names the
 * subject only: each pass adds its own `publication-date>=YYYYMMDD` bound (`tedPassQuery`),
 * derived from the last committed page.
 */
export const DEFAULT_TED_QUERY =
  "notice-type IN (cn-standard cn-social cn-desg pin-cfc-standard pin-cfc-social can-standard can-social can-desg can-modif)";

export interface TedSearchOptions {
  /** The expert query, as sent. */
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
