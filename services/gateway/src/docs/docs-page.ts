import { createHash } from "node:crypto";
import type { CspDirectives } from "../middleware/security-headers/security-headers.js";

/** Where the docs page and its assets live. */
export const DOCS_PATH = "/docs";

/** The Swagger UI page: every asset from this server, the script in a file (no inline code). */
export const DOCS_HTML = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <title>Tender Search API</title>
    <link rel="stylesheet" type="text/css" href="${DOCS_PATH}/swagger-ui.css">
    <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png" sizes="32x32">
    <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-16x16.png" sizes="16x16">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${DOCS_PATH}/swagger-ui-bundle.js" charset="UTF-8"></script>
    <script src="${DOCS_PATH}/swagger-ui-standalone-preset.js" charset="UTF-8"></script>
    <script src="${DOCS_PATH}/swagger-initializer.js" charset="UTF-8"></script>
  </body>
</html>
`;

/** Starts Swagger UI on /openapi.json; `validatorUrl: null` keeps it from calling validator.swagger.io. */
export const DOCS_INITIALIZER = `window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: "StandaloneLayout",
  });
};
`;

// The one `<style>` element Swagger UI writes: in the SVG of its top bar's logo.
const LOGO_STYLE = ".logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}";

/**
 * What Swagger UI needs beyond the page policy of this server (checked in Chromium, see
 * docs-browser.int.test.ts): its icons are `data:` SVG images, it sets `style` attributes, and
 * its logo carries the one style element allowed by its hash. Scripts and requests stay limited
 * to this server.
 */
export const DOCS_CSP_RELAXED: CspDirectives = {
  "img-src": "'self' data:",
  "style-src": `'self' 'sha256-${createHash("sha256").update(LOGO_STYLE).digest("base64")}'`,
  "style-src-attr": "'unsafe-inline'",
};
