import type { Hono } from "hono";
import type { AppEnv } from "../app-env.js";

/** Something that answers requests: the app in process, or a base URL over real HTTP. */
export type Target = Hono<AppEnv> | string;

/** A request to the app (in process) or to a URL, as a test writes it. */
export function send(target: Target, path: string, init: RequestInit = {}): Promise<Response> {
  if (typeof target === "string") return fetch(`${target}${path}`, init);
  return Promise.resolve(target.request(path, init));
}

/** `POST path` with a JSON body and, when given, an API key. */
export function postJson(
  target: Target,
  path: string,
  body: unknown,
  key?: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return send(target, path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(key ? { "x-api-key": key } : {}), ...headers },
    body: JSON.stringify(body),
  });
}

/** The response body parsed as JSON, typed by the caller (tests check the shape themselves). */
// biome-ignore lint/suspicious/noExplicitAny: test helper; each test asserts the shape it reads.
export async function readJson<T = any>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
