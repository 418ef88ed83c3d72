import { randomUUID } from "node:crypto";
import { type SavedSearchCreated, type SavedSearchList, SavedSearchRequest } from "@tender/contracts";
import {
  deleteSavedSearch,
  findSavedSearch,
  generateWebhookSecret,
  insertEmailChannel,
  insertSavedSearchWithinLimit,
  listEmailChannels,
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
import { checkEmail } from "../saved-searches/check-email.js";
import { checkWebhookUrl } from "../saved-searches/check-webhook-url.js";
import { newFeedToken } from "../saved-searches/feed-token.js";
import { savedSearchIdParam, savedSearchNotFound } from "../saved-searches/saved-search-id.js";
import { toNewEmailChannel } from "../saved-searches/to-email-setting.js";
import { keyId, toSavedSearch } from "../saved-searches/to-saved-search.js";

/** Confirmation mails per hour: per API key, and per address whatever the key (a few each). */
export const EMAIL_CONFIRMATION_LIMITS = { perKeyPerHour: 5, perAddressPerHour: 3 } as const;

const tooManyConfirmations = (by: "key" | "address") =>
  new ApiError(
    "rate_limit_exceeded",
    `Too many confirmation mails ${by === "key" ? "for this API key" : "to this address"} in the last hour; try again later.`,
    {
      headers: { "retry-after": "3600" },
    },
  );

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
      checkEmail(settings),
      rateLimit(deps),
      async (c) => {
        const body = c.get("body");
        const [embedding] = await deps.ai.embed([body.query]);
        const id = randomUUID();
        const secret = body.webhook_url !== undefined ? generateWebhookSecret() : undefined;
        const sealKey = settings.webhookSecretKey;
        const feed = newFeedToken(id, sealKey);
        const saved = await deps.db.transaction().execute(async (trx) => {
          const view = await insertSavedSearchWithinLimit(
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
              mode: body.mode ?? "vector",
              webhookUrl: body.webhook_url ?? null,
              sealedWebhookSecret: secret && sealKey ? sealWebhookSecret(sealKey, id, secret) : null,
              feedTokenHash: feed.hash,
              sealedFeedToken: feed.sealed,
            },
            settings.perKey,
          );
          if (!view || body.email === undefined) return view && { view, email: undefined };
          const email = await insertEmailChannel(
            trx,
            toNewEmailChannel(body.email, { savedSearchId: id, apiKeyId: keyId(c) }),
            EMAIL_CONFIRMATION_LIMITS,
          );
          // Thrown inside the transaction: the saved search is not kept either.
          if ("limited" in email) throw tooManyConfirmations(email.limited);
          return { view, email: email.view };
        });
        if (!saved) {
          throw new ApiError("validation_error", undefined, {
            details: [
              { path: "/", message: `An API key can keep at most ${settings.perKey} saved searches` },
            ],
          });
        }
        const created: SavedSearchCreated = {
          ...toSavedSearch(saved.view, sealKey, feed.url, saved.email),
          ...(secret ? { webhook_secret: secret } : {}),
        };
        return c.json(created, 201);
      },
    )
    .get("/saved-searches", auth, rateLimit(deps), async (c) => {
      const views = await listSavedSearches(deps.db, keyId(c));
      const emails = new Map(
        (
          await listEmailChannels(
            deps.db,
            views.map((view) => view.id),
          )
        ).map((email) => [email.saved_search_id, email]),
      );
      const items = views.map((view) =>
        toSavedSearch(view, settings.webhookSecretKey, undefined, emails.get(view.id)),
      );
      return c.json({ items } satisfies SavedSearchList);
    })
    .get("/saved-searches/:id", auth, savedSearchIdParam(), rateLimit(deps), async (c) => {
      const found = await findSavedSearch(deps.db, keyId(c), c.get("savedSearchId"));
      if (!found) throw savedSearchNotFound();
      const [email] = await listEmailChannels(deps.db, [found.id]);
      return c.json(toSavedSearch(found, settings.webhookSecretKey, undefined, email));
    })
    .delete("/saved-searches/:id", auth, savedSearchIdParam(), rateLimit(deps), async (c) => {
      const deleted = await deleteSavedSearch(deps.db, keyId(c), c.get("savedSearchId"));
      if (!deleted) throw savedSearchNotFound();
      return c.body(null, 204);
    });
}
