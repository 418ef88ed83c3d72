import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { ApiError } from "../errors/api-error.js";
import { pageSecurityHeaders, securityHeaders } from "../middleware/security-headers/security-headers.js";
import { createWebAppFiles, webAppDistDir } from "../web/web-app-files.js";

/** Where the web app lives. */
export const WEB_APP_PATH = "/app";

/** The web app's headers: the page policy of this server, nothing relaxed. */
export const WEB_APP_SECURITY_HEADERS = pageSecurityHeaders();

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The web app (packages/web, built by Vite) under `/app/`: files under `assets/` have a hash in
 * their names, so they are cached for a year; every other path under `/app/` is a page of the
 * app and gets `index.html`, never cached, so a new build is picked up on the next visit. Open,
 * like the docs: the app asks for the API key itself.
 */
export function webAppRoute(dir = webAppDistDir()): Hono<AppEnv> {
  const files = createWebAppFiles(dir);
  const app = new Hono<AppEnv>();
  app.use(`${WEB_APP_PATH}/*`, securityHeaders(WEB_APP_SECURITY_HEADERS));
  app.get(WEB_APP_PATH, (c) => c.redirect(`${WEB_APP_PATH}/`, 301));
  app.get(`${WEB_APP_PATH}/assets/:name`, async (c) => {
    const file = (await files()).get(`assets/${c.req.param("name")}`);
    if (!file) throw new ApiError("not_found");
    return c.body(file.body, 200, { "Content-Type": file.contentType, "Cache-Control": IMMUTABLE });
  });
  app.get(`${WEB_APP_PATH}/*`, async (c) => {
    // A missing file is a 404, not a page: a browser would otherwise run index.html as a script.
    if (c.req.path.startsWith(`${WEB_APP_PATH}/assets/`)) throw new ApiError("not_found");
    const index = (await files()).get("index.html");
    if (!index) throw new ApiError("not_found", "The web app is not built on this server: run pnpm build.");
    return c.body(index.body, 200, { "Content-Type": index.contentType, "Cache-Control": "no-cache" });
  });
  return app;
}
