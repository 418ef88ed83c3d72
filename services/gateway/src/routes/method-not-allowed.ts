import type { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { ApiError } from "../errors/api-error.js";

/** Methods registered per path (middleware excluded); GET implies HEAD, which Hono answers. */
export function allowedMethods(app: Hono<AppEnv>): Map<string, string[]> {
  const byPath = new Map<string, Set<string>>();
  for (const { method, path } of app.routes) {
    if (method === "ALL") continue;
    const methods = byPath.get(path) ?? new Set<string>();
    methods.add(method);
    if (method === "GET") methods.add("HEAD");
    byPath.set(path, methods);
  }
  return new Map([...byPath].map(([path, methods]) => [path, [...methods].sort()]));
}

/**
 * After every route is registered: any other method on a known path is `method_not_allowed`
 * (405) with an `Allow` header, instead of the router's 404.
 */
export function answerOtherMethods(app: Hono<AppEnv>): void {
  for (const [path, methods] of allowedMethods(app)) {
    const allow = methods.join(", ");
    app.all(path, () => {
      throw new ApiError("method_not_allowed", undefined, { headers: { Allow: allow } });
    });
  }
}
