import {
  buildJsonSchemas,
  type JsonSchemaDocument,
  REQUEST_ID_PATTERN,
  type WireSchemaName,
} from "@tender/contracts";
import { API_KEY_HEADER } from "../middleware/auth/api-key-auth.js";
import { ASK_STREAM_DESCRIPTION, askEventStream } from "./ask-event-stream.js";
import { browsePaths, ID_PARAMETER } from "./browse-paths.js";
import { componentRefs } from "./component-refs.js";
import { cpvPaths, withLangParameter } from "./cpv-paths.js";
import { errorResponseObject } from "./error-responses.js";
import { organisationPaths } from "./organisation-paths.js";
import { savedSearchPaths } from "./saved-search-paths.js";
import { similarPaths } from "./similar-paths.js";

/** The contracts published as components, by their OpenAPI name. */
const COMPONENTS: Record<string, WireSchemaName> = {
  SearchRequest: "search-request",
  AskRequest: "ask-request",
  SearchResponse: "search-response",
  AskResponse: "ask-response",
  TenderDetails: "tender-details",
  TenderListResponse: "tender-list-response",
  FacetsResponse: "facets-response",
  CpvSuggestionList: "cpv-suggestion-list",
  ProcedureResponse: "procedure-response",
  ProcedureNoticeList: "procedure-notice-list",
  SimilarAwardsResponse: "similar-awards-response",
  SimilarSummaryResponse: "similar-summary-response",
  AwardSearchRequest: "award-search-request",
  AwardSearchSummaryRequest: "award-search-summary-request",
  AwardSearchSummaryResponse: "award-search-summary-response",
  CompetitorsResponse: "competitors-response",
  OrganisationListResponse: "organisation-list-response",
  OrganisationDetails: "organisation-details",
  SavedSearchRequest: "saved-search-request",
  SavedSearch: "saved-search",
  SavedSearchCreated: "saved-search-created",
  SavedSearchList: "saved-search-list",
  SavedSearchMatchList: "saved-search-match-list",
  ErrorResponse: "error-response",
  HealthLive: "health-live",
  HealthReady: "health-ready",
  // The valid source codes, which the filters refer to: one enum, with the sources' names.
  KnownSourceCode: "known-source-code",
};

// Inside an OpenAPI document a component is a plain schema: the file's `$id` would re-base refs.
function component(schema: JsonSchemaDocument): JsonSchemaDocument {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: string) => ({ "application/json": { schema: ref(name) } });
const header = (name: string) => ({ $ref: `#/components/headers/${name}` });
const RATE_HEADERS = {
  "X-RateLimit-Limit": header("XRateLimitLimit"),
  "X-RateLimit-Remaining": header("XRateLimitRemaining"),
  "X-RateLimit-Reset": header("XRateLimitReset"),
};

function errors(statuses: string[]): Record<string, unknown> {
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      errorResponseObject(s, s === "429" ? { ...RATE_HEADERS, "Retry-After": header("RetryAfter") } : {}),
    ]),
  );
}

function rateLimitedOperation(
  summary: string,
  description: string,
  request: string,
  response: string,
  otherContent: Record<string, unknown> = {},
) {
  return {
    summary,
    description,
    security: [{ ApiKey: [] }],
    requestBody: { required: true, content: json(request) },
    responses: {
      "200": {
        description: "Success. The request was counted.",
        headers: { "X-Request-ID": header("XRequestId"), ...RATE_HEADERS },
        content: { ...json(response), ...otherContent },
      },
      ...errors(["401", "403", "405", "408", "413", "415", "417", "422", "429", "500", "503"]),
    },
  };
}

const DESCRIPTION = `Search and grounded answers over public procurement tenders.

Authentication: send the key in \`${API_KEY_HEADER}\`. Rate limit: Search, Ask, tender browsing, facets, organisations and saved searches (with their feeds) share one counter per key, a fixed UTC-minute window of \`limit_per_minute\` requests. The pipeline is request id → authentication → body validation → rate limit → service: a request refused by authentication or validation is not counted; a request that passed the rate limit stays counted even when the search then fails (for example 503 when the AI provider is down). Every response carries \`X-Request-ID\` (the client's value when it matches \`${REQUEST_ID_PATTERN.source}\`, else a new UUID). Every error uses one envelope.`;

const TAGS = [
  {
    name: "search",
    description: "Search fragments of tenders and their documents, and ask grounded questions.",
  },
  { name: "tenders", description: "Tender cards, browsing with filters and a cursor, and facet counts." },
  { name: "organisations", description: "Buyers and suppliers: search, awards won and given, counterparts." },
  { name: "alerts", description: "Saved searches, their matches and their Atom feeds." },
  { name: "health", description: "Probes for orchestrators: open, not rate limited." },
];

/**
 * The OpenAPI 3.1 document of the gateway. Its schemas are the contracts' JSON Schemas, which
 * are generated from the same valibot schemas that validate requests, so they cannot drift.
 */
export function buildOpenApiDocument(): Record<string, unknown> {
  const schemas = Object.fromEntries(
    Object.entries(buildJsonSchemas()).map(([name, schema]) => [name, componentRefs(schema, COMPONENTS)]),
  ) as Record<WireSchemaName, JsonSchemaDocument>;
  return {
    openapi: "3.1.0",
    info: { title: "Tender Search API", version: "1.0.0", description: DESCRIPTION },
    servers: [{ url: "/" }],
    tags: TAGS,
    paths: withLangParameter({
      "/api/v1/search": {
        post: {
          tags: ["search"],
          operationId: "search",
          ...rateLimitedOperation(
            "Top chunks for a query",
            "Exact cosine scan: score = 1 − cosine distance in [−1, 1]; chunks below MIN_RELEVANCE_SCORE dropped; closest first, chunk uuid breaking ties; at most `limit` (default 5).",
            "SearchRequest",
            "SearchResponse",
          ),
        },
      },
      "/api/v1/ask": {
        post: {
          tags: ["search"],
          operationId: "ask",
          ...rateLimitedOperation(
            "Grounded answer over the top chunks",
            "Runs the same search (limit 1..5, default 5). Nothing found: `Недостаточно данных в базе знаний.` with no sources, and the model is not called. Otherwise the model answers from the fragments only, and they are returned as `sources`." +
              ASK_STREAM_DESCRIPTION,
            "AskRequest",
            "AskResponse",
            askEventStream(ref),
          ),
        },
      },
      "/api/v1/tenders/{id}": {
        get: {
          tags: ["tenders"],
          operationId: "getTender",
          summary: "Tender card with its attachments",
          description:
            "Needs an API key; not counted in the per-minute allowance. At most CARD_CONCURRENCY_PER_KEY (default 4) cards are sent to one key at once, per gateway process: one more is 429 with `Retry-After`, without the `X-RateLimit-*` headers. Compressed with gzip or br when `Accept-Encoding` allows it.",
          security: [{ ApiKey: [] }],
          parameters: [ID_PARAMETER],
          responses: {
            "200": {
              description: "The tender card.",
              headers: { "X-Request-ID": header("XRequestId") },
              content: json("TenderDetails"),
            },
            ...errors(["401", "403", "404", "405", "422", "500", "503"]),
            "429": {
              ...errorResponseObject("429", {
                "Retry-After": {
                  description: "Seconds to wait before retrying (1).",
                  schema: { type: "integer" },
                },
              }),
              description:
                "The key is already receiving CARD_CONCURRENCY_PER_KEY cards at once (`rate_limit_exceeded`); not the per-minute allowance.",
            },
          },
        },
      },
      ...browsePaths(schemas["search-request"], { json, header, errors, rateHeaders: RATE_HEADERS }),
      ...cpvPaths({ json, header, errors }),
      ...organisationPaths({ json, header, errors, rateHeaders: RATE_HEADERS }),
      ...similarPaths(schemas["search-request"], { json, header, errors, ref, rateHeaders: RATE_HEADERS }),
      ...savedSearchPaths({ json, header, errors, ref, rateHeaders: RATE_HEADERS }),
      "/health/live": {
        get: {
          tags: ["health"],
          operationId: "live",
          summary: "The process answers",
          security: [],
          responses: { "200": { description: "Alive.", content: json("HealthLive") }, ...errors(["405"]) },
        },
      },
      "/health/ready": {
        get: {
          tags: ["health"],
          operationId: "ready",
          summary: "The database (and its read replica, if any) and the AI provider are reachable",
          security: [],
          responses: {
            "200": { description: "Ready.", content: json("HealthReady") },
            "503": { description: "A check failed; it is marked `error`.", content: json("HealthReady") },
            ...errors(["405"]),
          },
        },
      },
    }),
    components: {
      schemas: Object.fromEntries(
        Object.entries(COMPONENTS).map(([name, file]) => [name, component(schemas[file])]),
      ),
      securitySchemes: { ApiKey: { type: "apiKey", in: "header", name: API_KEY_HEADER } },
      headers: {
        XRequestId: {
          description: "The request id: the client's when valid, else a new UUID v4.",
          schema: { type: "string" },
        },
        XRateLimitLimit: { description: "The key's allowance per UTC minute.", schema: { type: "integer" } },
        XRateLimitRemaining: {
          description: "Requests left in this minute.",
          schema: { type: "integer", minimum: 0 },
        },
        XRateLimitReset: {
          description: "Unix time (seconds) at which the next UTC minute starts.",
          schema: { type: "integer" },
        },
        RetryAfter: {
          description: "Seconds until the window resets (at least 1); only with 429.",
          schema: { type: "integer", minimum: 1 },
        },
      },
    },
  };
}
