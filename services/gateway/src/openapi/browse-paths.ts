import {
  browseParameterOf,
  CALENDAR_DATE_PATTERN,
  type JsonSchemaDocument,
  LIST_FILTER_PARAMETERS,
  TENDER_SORTS,
  type TenderFilters,
} from "@tender/contracts";

/** What the browsing paths borrow from the document they are part of. */
export interface BrowsePathHelpers {
  json(name: string): unknown;
  header(name: string): unknown;
  errors(statuses: string[]): Record<string, unknown>;
  rateHeaders: Record<string, unknown>;
}

/**
 * The query parameters of the filters, derived from the `filters` schema of Search (one
 * contract): a list filter becomes a repeated singular parameter (`country=IT&country=FR`).
 */
export function filterParameters(searchRequest: JsonSchemaDocument): unknown[] {
  const properties = searchRequest.properties as Record<string, JsonSchemaDocument>;
  const filters = properties.filters?.properties as Record<string, JsonSchemaDocument>;
  return Object.entries(filters).map(([name, schema]) =>
    Object.hasOwn(LIST_FILTER_PARAMETERS, name)
      ? {
          name: browseParameterOf(name as keyof TenderFilters),
          in: "query",
          schema,
          style: "form",
          explode: true,
        }
      : { name, in: "query", schema },
  );
}

const PAGING = [
  {
    name: "sort",
    in: "query",
    description:
      "`published_desc`: newest first; `deadline_asc`: soonest deadline first, tenders without a deadline last; `amount_desc`: largest amount first, tenders without an amount last; `contract_end_asc`: earliest contract end first (result notices), tenders without one last. Equal keys are ordered by id.",
    schema: { enum: [...TENDER_SORTS], default: "published_desc" },
  },
  {
    name: "contract_end_from",
    in: "query",
    description:
      "Expiring contracts: only result notices whose earliest contract end is on or after this day. Browsing only.",
    schema: { type: "string", format: "date", pattern: CALENDAR_DATE_PATTERN },
  },
  {
    name: "contract_end_to",
    in: "query",
    description:
      "Expiring contracts: only result notices whose earliest contract end is on or before this day (not before `contract_end_from`). Browsing only.",
    schema: { type: "string", format: "date", pattern: CALENDAR_DATE_PATTERN },
  },
  ...pageParameters(
    100,
    20,
    "`next_cursor` of the previous page, unchanged; it only continues the same sort and filters.",
  ),
];

/**
 * `limit` (1 to `maximum`, `byDefault` when absent) and `cursor` of a keyset-paged list; `cursor`
 * says which cursor the list takes.
 */
export function pageParameters(maximum: number, byDefault: number, cursor: string) {
  return [
    { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum, default: byDefault } },
    { name: "cursor", in: "query", description: cursor, schema: { type: "string", maxLength: 512 } },
  ];
}

/** The `{id}` of a path: a UUID (a malformed one is 422 `validation_error`). */
export const ID_PARAMETER = {
  name: "id",
  in: "path",
  required: true,
  schema: { type: "string", format: "uuid" },
};

/**
 * `GET /api/v1/tenders`, `GET /api/v1/facets` (docs/api.md#browsing), `GET /api/v1/procedures/{id}`
 * and `GET /api/v1/procedures/{id}/notices`.
 */
export function browsePaths(
  searchRequest: JsonSchemaDocument,
  h: BrowsePathHelpers,
): Record<string, unknown> {
  const filters = filterParameters(searchRequest);
  const ok = (description: string, schema: string) => ({
    description,
    headers: { "X-Request-ID": h.header("XRequestId"), ...h.rateHeaders },
    content: h.json(schema),
  });
  const failures = h.errors(["401", "403", "405", "422", "429", "500", "503"]);
  return {
    "/api/v1/tenders": {
      get: {
        tags: ["tenders"],
        operationId: "listTenders",
        summary: "Browse the tenders matching the filters, one keyset page at a time",
        description:
          "The filters of Search as query parameters (lists repeat a singular name). Walking every page with `next_cursor` returns each matching tender once, even while tenders arrive; ties in the sort key fall back to the id. A cursor not issued by this server for the same sort and filters is 422. Each item carries its buyer's organisation and, for a result, modification or change notice, `award_summary`: how many awards it has and its first 5 (soonest contract end first), each with its first 3 winners and `winners_total`. Counted in the allowance of Search and Ask.",
        security: [{ ApiKey: [] }],
        parameters: [...filters, ...PAGING],
        responses: {
          "200": ok("One page; `next_cursor` is null on the last.", "TenderListResponse"),
          ...failures,
        },
      },
    },
    "/api/v1/facets": {
      get: {
        tags: ["tenders"],
        operationId: "facets",
        summary: "Counts of the matching tenders per source, country, CPV division, currency and notice kind",
        description:
          "The same filters as `/api/v1/tenders`. Each list is sorted by count descending, then value, and holds at most 50 entries. Counted in the allowance of Search and Ask.",
        security: [{ ApiKey: [] }],
        parameters: filters,
        responses: { "200": ok("The counts.", "FacetsResponse"), ...failures },
      },
    },
    "/api/v1/procedures/{id}": {
      get: {
        tags: ["tenders"],
        operationId: "getProcedure",
        summary:
          "A procedure: its current notice, its first and latest notices with what each change changed",
        description:
          "The id is a tender's `procedure_id` (the id of a procedure that joined another answers with that one). A Contracts Finder notice that names a Find a Tender notice, or the other way round, stands in that notice's procedure: `notices` may come from both portals and `source` is the procedure's own. `notices` lists at most 100: all of them, else the first and the latest 99, oldest first; `notices_total` counts them all and `notices_cursor` reads the ones left out from `/api/v1/procedures/{id}/notices`. Each document list inside `changes` holds at most 10 names and 1,000 characters, with `total`. `current` is the latest current call for competition or change, else the latest current notice; `awards` are those of its result, modification and change notices that nothing supersedes, oldest notice first (at most 500, naming at most 1,000 winners). Counted in the allowance of Search and Ask; at most CARD_CONCURRENCY_PER_KEY (default 4) procedure answers are sent to one key at once, per gateway process.",
        security: [{ ApiKey: [] }],
        parameters: [ID_PARAMETER],
        responses: {
          "200": ok("The procedure.", "ProcedureResponse"),
          ...h.errors(["401", "403", "404", "405", "422", "429", "500", "503"]),
        },
      },
    },
    "/api/v1/procedures/{id}/notices": {
      get: {
        tags: ["tenders"],
        operationId: "listProcedureNotices",
        summary: "A procedure's notices, oldest first, one keyset page at a time",
        description:
          "Every notice of the procedure in the order of its answer (publication time, then external id), `changes` cut as there. Without `cursor` from the first notice; with the procedure's `notices_cursor`, from the first one its answer left out. A cursor issued for another procedure, or not by this server, is 422. Counted in the allowance of Search and Ask; shares the procedure answers' bound of CARD_CONCURRENCY_PER_KEY at once per key.",
        security: [{ ApiKey: [] }],
        parameters: [
          ID_PARAMETER,
          ...pageParameters(
            100,
            100,
            "`notices_cursor` of the procedure or `next_cursor` of the previous page, unchanged.",
          ),
        ],
        responses: {
          "200": ok("One page; `next_cursor` is null on the last.", "ProcedureNoticeList"),
          ...h.errors(["401", "403", "404", "405", "422", "429", "500", "503"]),
        },
      },
    },
  };
}
