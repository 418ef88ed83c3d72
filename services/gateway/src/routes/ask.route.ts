import { AskRequest } from "@tender/contracts";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import type { Deps } from "../deps.js";
import { errorEnvelope } from "../errors/error-response.js";
import { logApiError } from "../errors/handle-error.js";
import { toApiError } from "../errors/to-api-error.js";
import { apiKeyAuth } from "../middleware/auth/api-key-auth.js";
import { jsonBody } from "../middleware/body/json-body.js";
import { rateLimit } from "../middleware/rate-limit/rate-limit.js";
import { answerQuestion } from "../search/answer-question.js";
import { prepareAnswer } from "../search/prepare-answer.js";
import { streamAnswer } from "../search/stream-answer.js";
import { withinDeadline } from "../search/within-deadline.js";
import { acceptsEventStream, eventStreamResponse } from "./event-stream-response.js";

/**
 * `POST /ask` (mounted under `/api/v1`): key → body → rate limit (shared with Search) → grounded
 * answer (docs/api.md#ask), within ASK_DEADLINE_MS. With `Accept: text/event-stream` the answer is streamed (docs/api.md#streaming-ask):
 * everything up to and including the search fails as usual, with the JSON envelope; the events
 * start once the sources are known, and a later failure is the stream's `error` event.
 */
export function askRoute(deps: Pick<Deps, "db" | "readDb" | "ai" | "config" | "logger">): Hono<AppEnv> {
  return new Hono<AppEnv>().post(
    "/ask",
    apiKeyAuth(deps, { countedByRateLimit: true }),
    jsonBody(AskRequest),
    rateLimit(deps),
    async (c) => {
      const { query, limit, filters, mode } = c.get("body");
      const { askDeadlineMs } = deps.config;
      if (!acceptsEventStream(c.req.header("accept"))) {
        return c.json(
          await withinDeadline(askDeadlineMs, async (deadline) =>
            answerQuestion(
              deps,
              await prepareAnswer(deps, query, limit, filters, deadline, mode),
              deadline.signal,
            ),
          ),
        );
      }
      // Streamed, the deadline bounds the wait for the first event; then AI_TIMEOUT_MS between tokens.
      const prepared = await withinDeadline(askDeadlineMs, (deadline) =>
        prepareAnswer(deps, query, limit, filters, deadline, mode),
      );
      const requestId = c.get("requestId");
      const abort = new AbortController();
      return eventStreamResponse(streamAnswer(deps, prepared, abort.signal), abort, (error) => {
        const apiError = toApiError(error);
        logApiError(deps.logger, apiError, error, requestId);
        return errorEnvelope(apiError, requestId);
      });
    },
  );
}
