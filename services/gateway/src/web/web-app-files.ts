import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, extname, join, relative, sep } from "node:path";

/** One file of the built web app, held in memory. */
export interface WebAppFile {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
};

/** The folder Vite builds `@tender/web` into (`packages/web/dist`, or the deployed copy's). */
export function webAppDistDir(): string {
  return join(dirname(createRequire(import.meta.url).resolve("@tender/web/package.json")), "dist");
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Reads the whole built app once, on first use, into a map from its path under `/app/`
 * (`index.html`, `assets/index-3f2a.js`) to its bytes: the app is a few files of a few hundred
 * KB, and nothing outside that folder can ever be served. Resolves to an empty map when the app
 * was not built; a failed read is retried by the next request instead of being kept.
 */
export function createWebAppFiles(dir = webAppDistDir()) {
  let files: Promise<Map<string, WebAppFile>> | undefined;
  const load = async () => {
    const map = new Map<string, WebAppFile>();
    let paths: string[];
    try {
      paths = await listFiles(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return map;
      throw error;
    }
    for (const path of paths) {
      const type = CONTENT_TYPES[extname(path)];
      if (!type) continue;
      const name = relative(dir, path).split(sep).join("/");
      map.set(name, { body: new Uint8Array(await readFile(path)), contentType: type });
    }
    return map;
  };
  return (): Promise<Map<string, WebAppFile>> => {
    if (!files) {
      files = load();
      files.catch(() => {
        files = undefined;
      });
    }
    return files;
  };
}
