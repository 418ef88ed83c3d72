import { ApiFailure, networkFailure, toApiFailure } from "./api-failure.js";

/** The API as the app uses it: every request carries the key; failures are `ApiFailure`s. */
export interface ApiClient {
  get<T>(path: string, params?: URLSearchParams, signal?: AbortSignal): Promise<T>;
  send<T>(method: "POST" | "DELETE", path: string, body?: unknown, signal?: AbortSignal): Promise<T>;
  /** `POST /api/v1/ask` asking for Server-Sent Events; the response is returned once it is OK. */
  askStream(body: unknown, signal: AbortSignal): Promise<Response>;
}

const BASE = "/api/v1";

/**
 * A client for one API key. `onAuthFailure` runs on every 401/403, so that the app can forget
 * the key and ask for another, whichever page made the request.
 */
export function createApiClient(key: string, onAuthFailure: (failure: ApiFailure) => void): ApiClient {
  async function request(path: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${BASE}${path}`, {
        ...init,
        headers: { "X-API-Key": key, ...(init.headers as Record<string, string>) },
      });
    } catch (error) {
      if ((error as Error).name === "AbortError") throw error;
      throw networkFailure();
    }
    if (!response.ok) {
      const failure = await toApiFailure(response);
      // A request cancelled meanwhile (its page is gone) reports nothing.
      if (failure.isAuth && !init.signal?.aborted) onAuthFailure(failure);
      throw failure;
    }
    return response;
  }
  async function json<T>(response: Response): Promise<T> {
    if (response.status === 204) return undefined as T;
    try {
      return (await response.json()) as T;
    } catch (error) {
      if ((error as Error).name === "AbortError") throw error;
      throw new ApiFailure(response.status, "bad_response", "The server's answer could not be read.");
    }
  }
  return {
    async get(path, params, signal) {
      const query = params && [...params].length > 0 ? `?${params}` : "";
      return json(await request(`${path}${query}`, { signal: signal ?? null }));
    },
    async send(method, path, body, signal) {
      const init: RequestInit = { method, signal: signal ?? null };
      if (body !== undefined) {
        init.body = JSON.stringify(body);
        init.headers = { "Content-Type": "application/json" };
      }
      return json(await request(path, init));
    },
    askStream(body, signal) {
      return request("/ask", {
        method: "POST",
        signal,
        headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
        body: JSON.stringify(body),
      });
    },
  };
}
