import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env.js";

/** Content-Security-Policy directives, by name: `{ "img-src": "'self' data:" }`. */
export type CspDirectives = Readonly<Record<string, string>>;

/**
 * The policy of a page this server serves: scripts, styles, images and requests from this origin
 * only (no inline code, no CDN), no plugins, no `<base>`, forms only to this origin, no framing.
 */
const PAGE_CSP: CspDirectives = {
  "default-src": "'self'",
  "script-src": "'self'",
  "style-src": "'self'",
  "img-src": "'self'",
  "connect-src": "'self'",
  "object-src": "'none'",
  "base-uri": "'none'",
  "form-action": "'self'",
  "frame-ancestors": "'none'",
};

/**
 * The headers of a page this server serves (the web app, the docs): the page policy with
 * `relaxed` directives replacing its own, no framing (also for browsers without
 * `frame-ancestors`), no MIME sniffing, and no Referer (a page's query may hold a search).
 */
export function pageSecurityHeaders(relaxed: CspDirectives = {}): Readonly<Record<string, string>> {
  const csp = Object.entries({ ...PAGE_CSP, ...relaxed }).map(([name, value]) => `${name} ${value}`);
  return {
    "Content-Security-Policy": csp.join("; "),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
}

/** Sets `headers` on every response of the routes it is used on, errors included. */
export function securityHeaders(headers: Readonly<Record<string, string>>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}
