import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** Files of swagger-ui-dist the docs page uses, with their content types. Nothing else is served. */
export const SWAGGER_ASSETS: Readonly<Record<string, string>> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui-standalone-preset.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
  "favicon-16x16.png": "image/png",
};

/** The installed swagger-ui-dist folder. */
export function swaggerUiDistDir(): string {
  return dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
}

/**
 * Reads each listed asset once, on first use, and keeps it: the docs work offline, from the
 * package, with no CDN. Undefined for a name that is not listed.
 */
export function createSwaggerAssetLoader(dir = swaggerUiDistDir()) {
  const cache = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
  return (name: string): Promise<Uint8Array<ArrayBuffer>> | undefined => {
    if (!Object.hasOwn(SWAGGER_ASSETS, name)) return undefined;
    let content = cache.get(name);
    if (!content) {
      content = readFile(join(dir, name)).then((buffer) => new Uint8Array(buffer));
      // A failed read is retried by the next request instead of being cached.
      content.catch(() => cache.delete(name));
      cache.set(name, content);
    }
    return content;
  };
}
