import { AskRequest } from "@tender/contracts";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import type { Deps } from "../deps.js";
import { apiKeyAuth } from "../middleware/auth/api-key-auth.js";
import { jsonBody } from "../middleware/body/json-body.js";
import { rateLimit } from "../middleware/rate-limit/rate-limit.js";
import { answerQuestion } from "../search/answer-question.js";

/** `POST /ask` (mounted under `/api/v1`): key → body → rate limit (shared with Search) → grounded answer (spec 4.2). */
export function askRoute(deps: Pick<Deps, "db" | "ai" | "config">): Hono<AppEnv> {
  return new Hono<AppEnv>().post(
    "/ask",
    apiKeyAuth(deps),
    jsonBody(AskRequest),
    rateLimit(deps),
    async (c) => {
      const { query, limit, filters } = c.get("body");
      return c.json(await answerQuestion(deps, query, limit, filters));
    },
  );
}
