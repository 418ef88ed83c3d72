import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { DOCS_HTML, DOCS_INITIALIZER, DOCS_PATH } from "../docs/docs-page.js";
import { createSwaggerAssetLoader, SWAGGER_ASSETS } from "../docs/swagger-assets.js";
import { ApiError } from "../errors/api-error.js";

/**
 * `GET /openapi.json` (the document, built once) and the interactive docs at `/docs`, served
 * offline from swagger-ui-dist's files. Open, like the health endpoints.
 */
export function docsRoute(openApiDocument: Record<string, unknown>): Hono<AppEnv> {
  const loadAsset = createSwaggerAssetLoader();
  const documentJson = JSON.stringify(openApiDocument);
  return new Hono<AppEnv>()
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
