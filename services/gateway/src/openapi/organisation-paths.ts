import { ORGANISATION_QUERY_MAX_LENGTH } from "@tender/contracts";
import { ID_PARAMETER, pageParameters } from "./browse-paths.js";

/** What the organisation paths borrow from the document they are part of. */
export interface OrganisationPathHelpers {
  json(name: string): unknown;
  header(name: string): unknown;
  errors(statuses: string[]): Record<string, unknown>;
  rateHeaders: Record<string, unknown>;
}

const PARAMETERS = [
  {
    name: "q",
    in: "query",
    description:
      "A name or a registered identifier. Names are compared normalised (case, accents, punctuation and legal forms such as Ltd, GmbH or S.p.A. do not matter): organisations whose identifier is `q` come first, then those whose name starts with it, then those with any spelling holding all its words (the last may be the start of a word). Omitted: every organisation, by name.",
    schema: { type: "string", minLength: 1, maxLength: ORGANISATION_QUERY_MAX_LENGTH },
  },
  {
    name: "role",
    in: "query",
    description: "`buyer`: has bought; `supplier`: has won an award.",
    schema: { enum: ["buyer", "supplier"] },
  },
  {
    name: "country",
    in: "query",
    schema: { type: "string", pattern: "^[A-Z]{2}$" },
  },
  ...pageParameters(
    100,
    20,
    "`next_cursor` of the previous page, unchanged; it only continues the same `q`, `role` and `country`.",
  ),
];

/** `GET /api/v1/organisations` and `GET /api/v1/organisations/{id}` (docs/api.md#organisations). */
export function organisationPaths(h: OrganisationPathHelpers): Record<string, unknown> {
  const ok = (description: string, schema: string) => ({
    description,
    headers: { "X-Request-ID": h.header("XRequestId"), ...h.rateHeaders },
    content: h.json(schema),
  });
  return {
    "/api/v1/organisations": {
      get: {
        tags: ["organisations"],
        operationId: "listOrganisations",
        summary: "Find buyers and suppliers by name or identifier, one keyset page at a time",
        description:
          "Walking every page with `next_cursor` returns each match once. A cursor not issued by this server for the same `q`, `role` and `country` is 422. Counted in the allowance of Search and Ask.",
        security: [{ ApiKey: [] }],
        parameters: PARAMETERS,
        responses: {
          "200": ok("One page; `next_cursor` is null on the last.", "OrganisationListResponse"),
          ...h.errors(["401", "403", "405", "422", "429", "500", "503"]),
        },
      },
    },
    "/api/v1/organisations/{id}": {
      get: {
        tags: ["organisations"],
        operationId: "getOrganisation",
        summary:
          "An organisation: its names, identifiers, awards won and given, latest awards, top counterparts",
        description:
          "Totals are per currency, never converted; an award with several winners counts for each. `recent_awards`: the 20 latest by decision date (undated last), won or given. `top_buyers` / `top_suppliers`: the 10 most frequent, by number of awards. Counted in the allowance of Search and Ask.",
        security: [{ ApiKey: [] }],
        parameters: [ID_PARAMETER],
        responses: {
          "200": ok("The organisation.", "OrganisationDetails"),
          ...h.errors(["401", "403", "404", "405", "422", "429", "500", "503"]),
        },
      },
    },
  };
}
