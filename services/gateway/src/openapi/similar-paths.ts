import type { JsonSchemaDocument } from "@tender/contracts";
import type { BrowsePathHelpers } from "./browse-paths.js";
import { filterParameters, ID_PARAMETER, pageParameters } from "./browse-paths.js";
import { LANG_PARAMETER } from "./cpv-paths.js";

const PAGING = pageParameters(
  50,
  10,
  "`next_cursor` of the previous page, unchanged; it only continues the same tender and filters.",
);
const ERRORS = ["401", "403", "404", "405", "422", "429", "500", "503"];
const BODY_ERRORS = ["401", "403", "405", "408", "413", "415", "417", "422", "429", "500", "503"];

/**
 * `GET /api/v1/tenders/{id}/similar`, `GET /api/v1/tenders/{id}/similar/summary`,
 * `POST /api/v1/awards/search` and `POST /api/v1/awards/search/summary` (docs/api.md#similar-contracts).
 */
export function similarPaths(
  searchRequest: JsonSchemaDocument,
  h: BrowsePathHelpers & { ref(name: string): unknown },
): Record<string, unknown> {
  const ok = (description: string, schema: string) => ({
    description,
    headers: { "X-Request-ID": h.header("XRequestId"), ...h.rateHeaders },
    content: h.json(schema),
  });
  const filters = filterParameters(searchRequest);
  return {
    "/api/v1/tenders/{id}/similar": {
      get: {
        tags: ["tenders"],
        operationId: "listSimilarContracts",
        summary:
          "Awarded contracts of other procedures most like this tender, with who won them and at what price",
        description:
          "Current result and modification notices, never of the tender's own procedure, ranked by the CPV level they share (same code, category, class, group; a division-level code leaves the text to decide), the similarity of their text, the buyer's country and the value; each with its awards and `reasons`. The filters are browsing's; currency and value range apply to award values. No similar contract: 200 with an empty list and `reason`. Counted in the allowance of Search and Ask.",
        security: [{ ApiKey: [] }],
        parameters: [ID_PARAMETER, ...filters, ...PAGING, LANG_PARAMETER],
        responses: {
          "200": ok(
            "One page, most similar first; `next_cursor` is null on the last.",
            "SimilarAwardsResponse",
          ),
          ...h.errors(ERRORS),
        },
      },
    },
    "/api/v1/tenders/{id}/similar/summary": {
      get: {
        tags: ["tenders"],
        operationId: "getSimilarContractsSummary",
        summary:
          "What the 100 most similar awarded contracts say together, and the buyer's previous contracts",
        description:
          "Values per currency (min, quartiles, median, max), never converted or added across currencies, frameworks apart; awarded against estimated value; tenders received; most frequent winners with totals per currency; the buyers that bought this most. Nothing is stated below 5 contracts. `buyer_history`: the buyer's previous contracts in the tender's CPV class, latest first, with winners and contract ends. Counted in the allowance of Search and Ask.",
        security: [{ ApiKey: [] }],
        parameters: [ID_PARAMETER, ...filters, LANG_PARAMETER],
        responses: { "200": ok("The summary.", "SimilarSummaryResponse"), ...h.errors(ERRORS) },
      },
    },
    "/api/v1/organisations/{id}/competitors": {
      get: {
        tags: ["organisations"],
        operationId: "listCompetitors",
        summary: "Competes with: the suppliers that most often won contracts like this supplier's",
        description:
          "The CPV classes of the supplier's latest 50 won contracts (division-level codes left out), then the 10 suppliers with most awards in them, with the classes they share. Counted in the allowance of Search and Ask.",
        security: [{ ApiKey: [] }],
        parameters: [ID_PARAMETER],
        responses: {
          "200": ok("The competitors, most awards first.", "CompetitorsResponse"),
          ...h.errors(ERRORS),
        },
      },
    },
    "/api/v1/awards/search": {
      post: {
        tags: ["search"],
        operationId: "searchAwards",
        summary: "Awarded contracts like a query, without a tender",
        description:
          "The query is matched as Search matches text; place, date and value are filters, never read from the words. Same items, reasons and cursor as the similar contracts of a tender. Counted in the allowance of Search and Ask.",
        security: [{ ApiKey: [] }],
        parameters: [LANG_PARAMETER],
        requestBody: { required: true, content: h.json("AwardSearchRequest") },
        responses: {
          "200": ok("One page, most similar first.", "SimilarAwardsResponse"),
          ...h.errors(BODY_ERRORS),
        },
      },
    },
    "/api/v1/awards/search/summary": {
      post: {
        tags: ["search"],
        operationId: "summariseAwardSearch",
        summary: "What the 100 awarded contracts most like a query say together, without a tender",
        description:
          "The summary of a tender's similar contracts, over the 100 award notices `POST /api/v1/awards/search` ranks first for the same query and filters: values per currency (min, quartiles, median, max), never converted or added across currencies, frameworks apart; awarded against estimated value; tenders received; most frequent winners with totals per currency; the buyers that bought this most. Nothing is stated below 5 contracts (`reason` says why). No buyer history: there is no buyer. Counted in the allowance of Search and Ask.",
        security: [{ ApiKey: [] }],
        requestBody: { required: true, content: h.json("AwardSearchSummaryRequest") },
        responses: {
          "200": ok("The summary.", "AwardSearchSummaryResponse"),
          ...h.errors(BODY_ERRORS),
        },
      },
    },
  };
}
