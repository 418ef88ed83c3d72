import {
  AwardSearchRequest,
  AwardSearchSummaryRequest,
  type AwardSearchSummaryResponse,
  canonicalJson,
  type SimilarAwardsResponse,
  type SimilarSummaryResponse,
  sha256Hex,
  type TenderFilters,
} from "@tender/contracts";
import { findSimilarSource } from "@tender/db";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { cursorSecretCache } from "../browse/cursor-secret-cache.js";
import { filtersDigest } from "../browse/filters-digest.js";
import { browseQuery } from "../browse/parse-browse-query.js";
import { labelLanguage } from "../cpv/label-language.js";
import { type Deps, readDbOf } from "../deps.js";
import { ApiError } from "../errors/api-error.js";
import { apiKeyAuth } from "../middleware/auth/api-key-auth.js";
import { jsonBody } from "../middleware/body/json-body.js";
import { rateLimit } from "../middleware/rate-limit/rate-limit.js";
import { validIdParam } from "../query/valid-id-param.js";
import { withinDeadline } from "../search/within-deadline.js";
import { similarQuery } from "../similar/parse-similar-query.js";
import { noSimilarReason, queryInputOf, similarInputOf } from "../similar/similar-input.js";
import { similarPage } from "../similar/similar-page.js";
import { querySummaryAnswer, similarSummaryAnswer } from "../similar/similar-summary-answer.js";

const validId = validIdParam("tender");

/**
 * Similar past contracts (docs/api.md#similar-contracts), mounted under `/api/v1`, each behind
 * key → validation → rate limit (the allowance of Search and Ask):
 * `GET /tenders/{id}/similar` (a page of the awarded contracts of other procedures most like the
 * tender), `GET /tenders/{id}/similar/summary` (what the most similar ones say together, and the
 * buyer's previous contracts in the same CPV class), `POST /awards/search` (the same ranking
 * from a query and filters, without a tender) and `POST /awards/search/summary` (the summary of
 * that ranking's most similar notices).
 */
export function similarRoute(deps: Pick<Deps, "db" | "readDb" | "ai" | "config">): Hono<AppEnv> {
  const cursorSecret = cursorSecretCache(deps.db);
  const settings = () => ({
    model: deps.ai.embedModel,
    minTextScore: deps.config.minRelevanceScore,
    now: new Date(),
  });
  const sourceOf = async (id: string) => {
    const tender = await findSimilarSource(readDbOf(deps), id.toLowerCase(), deps.ai.embedModel);
    if (!tender) throw new ApiError("not_found", "No tender has this id.");
    return tender;
  };
  // A query is compared by its words and its vector, embedded under the deadline of Search.
  const queryInput = async (query: string, filters: TenderFilters | undefined, signal: AbortSignal) => {
    const [embedding] = await deps.ai.embed([query], { signal });
    return queryInputOf(query, embedding, { ...settings(), filters });
  };
  return new Hono<AppEnv>()
    .get(
      "/tenders/:id/similar",
      apiKeyAuth(deps, { countedByRateLimit: true }),
      validId,
      similarQuery(),
      labelLanguage(),
      rateLimit(deps),
      async (c) => {
        const { filters, paging } = c.get("similar");
        const tender = await sourceOf(c.req.param("id"));
        const input = similarInputOf(tender, { ...settings(), filters });
        const page = await similarPage(
          readDbOf(deps),
          input,
          {
            limit: paging.limit,
            cursor: paging.cursor,
            secret: await cursorSecret(),
            scope: `${tender.id}:${filtersDigest(filters)}`,
            lang: c.get("labelLanguage").cpv,
          },
          noSimilarReason(input, Object.keys(filters).length > 0),
        );
        return c.json(page satisfies SimilarAwardsResponse);
      },
    )
    .get(
      "/tenders/:id/similar/summary",
      apiKeyAuth(deps, { countedByRateLimit: true }),
      validId,
      browseQuery(false),
      labelLanguage(),
      rateLimit(deps),
      async (c) => {
        const tender = await sourceOf(c.req.param("id"));
        const answer = await similarSummaryAnswer(readDbOf(deps), tender, {
          ...settings(),
          filters: c.get("browse").filters,
          lang: c.get("labelLanguage").cpv,
        });
        return c.json(answer satisfies SimilarSummaryResponse);
      },
    )
    .post(
      "/awards/search",
      apiKeyAuth(deps, { countedByRateLimit: true }),
      jsonBody(AwardSearchRequest),
      labelLanguage(),
      rateLimit(deps),
      async (c) => {
        const { query, filters, limit, cursor } = c.get("body");
        const page = await withinDeadline(deps.config.searchDeadlineMs, async (deadline) => {
          const input = await queryInput(query, filters, deadline.signal);
          const scope = sha256Hex(canonicalJson({ query, filters: filtersDigest(filters) })).slice(0, 32);
          return similarPage(
            readDbOf(deps),
            input,
            { limit, cursor, secret: await cursorSecret(), scope, lang: c.get("labelLanguage").cpv },
            `No awarded contract has text scoring at least ${input.minTextScore} against this query${filters ? " within these filters" : ""}.`,
          );
        });
        return c.json(page satisfies SimilarAwardsResponse);
      },
    )
    .post(
      "/awards/search/summary",
      apiKeyAuth(deps, { countedByRateLimit: true }),
      jsonBody(AwardSearchSummaryRequest),
      rateLimit(deps),
      async (c) => {
        const { query, filters } = c.get("body");
        const answer = await withinDeadline(deps.config.searchDeadlineMs, async (deadline) =>
          querySummaryAnswer(readDbOf(deps), await queryInput(query, filters, deadline.signal)),
        );
        return c.json(answer satisfies AwardSearchSummaryResponse);
      },
    );
}
