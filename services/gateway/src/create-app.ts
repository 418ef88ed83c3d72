import { Hono } from "hono";
import type { AppEnv } from "./app-env.js";
import type { Deps } from "./deps.js";
import { ApiError } from "./errors/api-error.js";
import { errorResponse } from "./errors/error-response.js";
import { createErrorHandler } from "./errors/handle-error.js";
import { accessLog } from "./middleware/access-log/access-log.js";
import { compress } from "./middleware/compress/compress.js";
import { requestId } from "./middleware/request-id/request-id.js";
import { buildOpenApiDocument } from "./openapi/build-openapi-document.js";
import { askRoute } from "./routes/ask.route.js";
import { cpvRoute } from "./routes/cpv.route.js";
import { docsRoute } from "./routes/docs.route.js";
import { emailLinksRoute } from "./routes/email-links.route.js";
import { facetsRoute } from "./routes/facets.route.js";
import { feedRoute } from "./routes/feed.route.js";
import { healthRoute } from "./routes/health.route.js";
import { answerOtherMethods } from "./routes/method-not-allowed.js";
import { organisationsRoute } from "./routes/organisations.route.js";
import { procedureRoute } from "./routes/procedure.route.js";
import { savedSearchMatchesRoute } from "./routes/saved-search-matches.route.js";
import { savedSearchesRoute } from "./routes/saved-searches.route.js";
import { searchRoute } from "./routes/search.route.js";
import { tenderRoute } from "./routes/tender.route.js";
import { tendersListRoute } from "./routes/tenders-list.route.js";
import { webAppRoute } from "./routes/web-app.route.js";

/** Where the versioned API lives; health and the docs stay outside it. */
export const API_BASE_PATH = "/api/v1";

/**
 * The gateway's Hono app. Every request gets a request id, then an access log line, and JSON
 * answers are compressed when the client accepts it (`compress`); Search and
 * Ask (under `/api/v1`) run authentication → body validation → rate limit → service. Every failure becomes the
 * one error envelope (docs/api.md#errors): unknown paths `not_found`, other methods on known paths
 * `method_not_allowed`, dependency failures `dependency_unavailable`, anything unexpected
 * `internal_error` (logged with the request id; nothing of it reaches the client).
 */
export function createApp(deps: Deps): Hono<AppEnv> {
  const now = deps.now ?? (() => performance.now());
  const app = new Hono<AppEnv>();
  app.use("*", requestId());
  app.use("*", accessLog(deps.logger, now, deps.metrics));
  app.use("*", compress());

  const api = new Hono<AppEnv>()
    .basePath(API_BASE_PATH)
    .route("/", tenderRoute(deps))
    .route("/", tendersListRoute(deps))
    .route("/", facetsRoute(deps))
    .route("/", cpvRoute(deps))
    .route("/", procedureRoute(deps))
    .route("/", organisationsRoute(deps))
    .route("/", searchRoute(deps))
    .route("/", askRoute(deps))
    .route("/", savedSearchesRoute(deps))
    .route("/", savedSearchMatchesRoute(deps))
    .route("/", feedRoute(deps))
    .route("/", emailLinksRoute(deps));
  app.route("/", healthRoute(deps));
  app.route("/", docsRoute(buildOpenApiDocument()));
  app.route("/", webAppRoute(deps.webAppDir));
  app.route("/", api);
  answerOtherMethods(app);

  app.notFound((c) => errorResponse(new ApiError("not_found"), c.get("requestId")));
  app.onError(createErrorHandler(deps.logger));
  return app;
}
