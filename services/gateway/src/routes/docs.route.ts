import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { DOCS_CSP_RELAXED, DOCS_HTML, DOCS_INITIALIZER, DOCS_PATH } from "../docs/docs-page.js";
import { createSwaggerAssetLoader, SWAGGER_ASSETS } from "../docs/swagger-assets.js";
import { ApiError } from "../errors/api-error.js";
import { pageSecurityHeaders, securityHeaders } from "../middleware/security-headers/security-headers.js";

/** The docs' headers: the web app's, with only what Swagger UI needs relaxed. */
const DOCS_SECURITY_HEADERS = pageSecurityHeaders(DOCS_CSP_RELAXED);

/**
 * `GET /openapi.json` (the document, built once) and the interactive docs at `/docs`, served
 * offline from swagger-ui-dist's files, under the web app's security headers (DOCS_CSP_RELAXED
 * aside). Open, like the health endpoints.
 */
export function docsRoute(openApiDocument: Record<string, unknown>): Hono<AppEnv> {
  const loadAsset = createSwaggerAssetLoader();
  const documentJson = JSON.stringify(openApiDocument);
  return new Hono<AppEnv>()
    .use(DOCS_PATH, securityHeaders(DOCS_SECURITY_HEADERS))
    .use(`${DOCS_PATH}/*`, securityHeaders(DOCS_SECURITY_HEADERS))
    .get("/openapi.json", (c) => c.body(documentJson, 200, { "Content-Type": "application/json" }))
    .get(DOCS_PATH, (c) => c.html(DOCS_HTML))
    .get(`${DOCS_PATH}/:asset`, async (c) => {
      const name = c.req.param("asset");
      if (name === "swagger-initializer.js") {
        return c.body(DOCS_INITIALIZER, 200, { "Content-Type": "text/javascript; charset=utf-8" });
      }
      const content = loadAsset(name);
      if (!content) throw new ApiError("not_found");
      return c.body(await content, 200, {
        "Content-Type": SWAGGER_ASSETS[name] ?? "application/octet-stream",
        "Cache-Control": "public, max-age=86400",
      });
    });
}
