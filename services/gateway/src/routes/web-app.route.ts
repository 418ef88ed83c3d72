import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { ApiError } from "../errors/api-error.js";
import { createWebAppFiles, webAppDistDir } from "../web/web-app-files.js";

/** Where the web app lives. */
export const WEB_APP_PATH = "/app";

/**
 * The web app's headers: scripts, styles, images and requests from this origin only (no inline
 * code, no CDN, no framing), and no Referer with the page's query (it holds the user's search).
 */
export const WEB_APP_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy":
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Cross-Origin-Opener-Policy": "same-origin",
};

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
  app.use(`${WEB_APP_PATH}/*`, async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(WEB_APP_SECURITY_HEADERS)) c.res.headers.set(name, value);
  });
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
