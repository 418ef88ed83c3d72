import { randomUUID } from "node:crypto";
import { type SavedSearchCreated, type SavedSearchList, SavedSearchRequest } from "@tender/contracts";
import {
  deleteSavedSearch,
  findSavedSearch,
  generateWebhookSecret,
  insertSavedSearchWithinLimit,
  listSavedSearches,
  sealWebhookSecret,
} from "@tender/db";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import type { Deps } from "../deps.js";
import { ApiError } from "../errors/api-error.js";
import { apiKeyAuth } from "../middleware/auth/api-key-auth.js";
import { jsonBody } from "../middleware/body/json-body.js";
import { rateLimit } from "../middleware/rate-limit/rate-limit.js";
import { checkWebhookUrl } from "../saved-searches/check-webhook-url.js";
import { newFeedToken } from "../saved-searches/feed-token.js";
import { savedSearchIdParam, savedSearchNotFound } from "../saved-searches/saved-search-id.js";
import { keyId, toSavedSearch } from "../saved-searches/to-saved-search.js";

/**
 * `POST/GET /saved-searches`, `GET/DELETE /saved-searches/{id}` (mounted under `/api/v1`,
 * docs/api.md#saved-searches): key → validation → rate limit (the allowance of Search and Ask) → service.
 * A key sees only its own saved searches; another key's id is `not_found`. The query is embedded
 * when saved, with the model's name, so a later model change can be noticed and re-embedded.
 */
export function savedSearchesRoute(deps: Pick<Deps, "db" | "ai" | "config">): Hono<AppEnv> {
  const settings = deps.config.savedSearches;
  // The key is looked up by rateLimit, in the statement that counts the request.
  const auth = apiKeyAuth(deps, { countedByRateLimit: true });
  return new Hono<AppEnv>()
    .post(
      "/saved-searches",
      auth,
      jsonBody(SavedSearchRequest),
      checkWebhookUrl(settings),
      rateLimit(deps),
      async (c) => {
        const body = c.get("body");
        const [embedding] = await deps.ai.embed([body.query]);
        const id = randomUUID();
        const secret = body.webhook_url !== undefined ? generateWebhookSecret() : undefined;
        const sealKey = settings.webhookSecretKey;
        const feed = newFeedToken(id, sealKey);
        const saved = await deps.db.transaction().execute((trx) =>
          insertSavedSearchWithinLimit(
            trx,
            {
              id,
              apiKeyId: keyId(c),
              name: body.name,
              query: body.query,
              queryEmbedding: embedding ?? null,
              embeddingModel: deps.ai.embedModel,
              filters: body.filters ?? {},
              minScore: body.min_score ?? deps.config.minRelevanceScore,
              webhookUrl: body.webhook_url ?? null,
              sealedWebhookSecret: secret && sealKey ? sealWebhookSecret(sealKey, id, secret) : null,
              feedTokenHash: feed.hash,
              sealedFeedToken: feed.sealed,
            },
            settings.perKey,
          ),
        );
        if (!saved) {
          throw new ApiError("validation_error", undefined, {
            details: [
              { path: "/", message: `An API key can keep at most ${settings.perKey} saved searches` },
            ],
          });
        }
        const created: SavedSearchCreated = {
          ...toSavedSearch(saved, sealKey, feed.url),
          ...(secret ? { webhook_secret: secret } : {}),
        };
        return c.json(created, 201);
      },
    )
    .get("/saved-searches", auth, rateLimit(deps), async (c) => {
      const items = (await listSavedSearches(deps.db, keyId(c))).map((view) =>
        toSavedSearch(view, settings.webhookSecretKey),
      );
      return c.json({ items } satisfies SavedSearchList);
    })
    .get("/saved-searches/:id", auth, savedSearchIdParam(), rateLimit(deps), async (c) => {
      const found = await findSavedSearch(deps.db, keyId(c), c.get("savedSearchId"));
      if (!found) throw savedSearchNotFound();
      return c.json(toSavedSearch(found, settings.webhookSecretKey));
    })
    .delete("/saved-searches/:id", auth, savedSearchIdParam(), rateLimit(deps), async (c) => {
      const deleted = await deleteSavedSearch(deps.db, keyId(c), c.get("savedSearchId"));
      if (!deleted) throw savedSearchNotFound();
      return c.body(null, 204);
    });
}
