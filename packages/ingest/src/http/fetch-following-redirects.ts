import { isHostAllowed } from "./host-allowlist.js";
import { HostNotAllowedError, RedirectError, safeUrl } from "./http-errors.js";

export interface FetchHop {
  method: "GET" | "POST";
  url: string;
  body?: string;
  headers: Record<string, string>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches with `redirect: "manual"` and follows up to `maxRedirects` redirects itself, checking
 * every target against the allowlist before connecting to it. 303 (and 301/302 after a POST)
 * continue as GET without a body, as browsers do; 307/308 repeat the request.
 */
export async function fetchFollowingRedirects(
  fetchImpl: typeof fetch,
  first: FetchHop,
  options: { allowedHosts: readonly string[]; maxRedirects: number; signal: AbortSignal },
): Promise<{ response: Response; url: string }> {
  let hop = first;
  for (let redirects = 0; ; redirects += 1) {
    const url = new URL(hop.url);
    if (!isHostAllowed(url, options.allowedHosts)) throw new HostNotAllowedError(hop.url);
    const response = await fetchImpl(url, {
      method: hop.method,
      headers: hop.headers,
      redirect: "manual",
      signal: options.signal,
      ...(hop.body !== undefined ? { body: hop.body } : {}),
    });
    if (!REDIRECTS.has(response.status)) return { response, url: hop.url };
    await response.body?.cancel().catch(() => {});
    const location = response.headers.get("location");
    if (!location)
      throw new RedirectError(`Redirect ${response.status} from ${safeUrl(hop.url)} has no Location`);
    if (redirects >= options.maxRedirects) {
      throw new RedirectError(
        `More than ${options.maxRedirects} redirects starting at ${safeUrl(first.url)}`,
      );
    }
    const target = new URL(location, url).toString();
    const keep = response.status === 307 || response.status === 308 || hop.method === "GET";
    const headers = { ...hop.headers };
    if (!keep) delete headers["content-type"];
    hop = keep ? { ...hop, url: target, headers } : { method: "GET", url: target, headers };
  }
}
