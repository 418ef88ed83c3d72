import { CPV_QUERY_MAX_LENGTH, LABEL_LANGUAGES } from "@tender/contracts";

/** What the CPV path borrows from the document it is part of. */
export interface CpvPathHelpers {
  json(name: string): unknown;
  header(name: string): unknown;
  errors(statuses: string[]): Record<string, unknown>;
}

/** The `lang` query parameter of every operation that shows CPV labels (docs/api.md#cpv-labels). */
export const LANG_PARAMETER = {
  name: "lang",
  in: "query",
  description:
    "Language of the CPV labels (two-letter code of an official EU language). Absent: the first language of `Accept-Language` that is one of them, else English; `Content-Language` names the one used.",
  schema: { enum: [...LABEL_LANGUAGES] },
};

// The operations whose answers carry CPV labels.
const LABELLED = [
  "/api/v1/tenders/{id}",
  "/api/v1/tenders",
  "/api/v1/facets",
  "/api/v1/procedures/{id}",
  "/api/v1/saved-searches/{id}/matches",
  "/api/v1/feeds/{token}",
];

/** The paths with `lang` added to the GET operations that show CPV labels. */
export function withLangParameter(paths: Record<string, unknown>): Record<string, unknown> {
  const result = { ...paths };
  for (const path of LABELLED) {
    const item = result[path] as { get?: { parameters?: unknown[] } } | undefined;
    if (!item?.get) throw new Error(`the OpenAPI document has no GET ${path}`);
    result[path] = {
      ...item,
      get: { ...item.get, parameters: [...(item.get.parameters ?? []), LANG_PARAMETER] },
    };
  }
  return result;
}

const LIMIT_HEADERS = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"];

/** `GET /api/v1/cpv` (docs/api.md#cpv-vocabulary). */
export function cpvPaths(h: CpvPathHelpers): Record<string, unknown> {
  const bound = Object.fromEntries(
    LIMIT_HEADERS.map((name) => [
      name,
      {
        description: `${name} of CPV_LOOKUPS_PER_MINUTE, not of the key's allowance.`,
        schema: { type: "integer" },
      },
    ]),
  );
  return {
    "/api/v1/cpv": {
      get: {
        tags: ["tenders"],
        operationId: "lookUpCpv",
        summary: "CPV codes matching what was typed, with their labels (autocomplete)",
        description:
          "Every word of `q` must start a word of the label (accents, case and punctuation folded), every run of digits must start the code. Best first: the label equal to the words, then starting with them, then broader codes, shorter labels, the code. Not counted in the allowance of Search and Ask: look-ups have their own bound per key (CPV_LOOKUPS_PER_MINUTE, default 600 a minute, per gateway process). Any other parameter is 422. Answers carry an `ETag` (a matching `If-None-Match` is 304) and `Cache-Control`.",
        security: [{ ApiKey: [] }],
        parameters: [
          {
            name: "q",
            in: "query",
            required: true,
            description:
              "Words of a label and/or digits of a code (`road maintenance`, `4523`, `45233141-9`).",
            schema: { type: "string", minLength: 1, maxLength: CPV_QUERY_MAX_LENGTH },
          },
          LANG_PARAMETER,
          { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 50, default: 10 } },
        ],
        responses: {
          "200": {
            description: "The matching codes, best first.",
            headers: {
              "X-Request-ID": h.header("XRequestId"),
              ETag: { description: "Tag of this answer.", schema: { type: "string" } },
              ...bound,
            },
            content: h.json("CpvSuggestionList"),
          },
          "304": { description: "The answer is the one `If-None-Match` names." },
          ...h.errors(["401", "403", "405", "422", "429", "500"]),
        },
      },
    },
  };
}
