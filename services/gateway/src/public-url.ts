/**
 * The absolute URL of the request's path (and query) as clients should see it: on `publicBaseUrl`
 * (PUBLIC_BASE_URL, which may carry a path prefix of a proxy) when it is set; else the request's
 * own URL, whose host comes from the client's `Host` header.
 */
export function publicUrl(publicBaseUrl: string | undefined, requestUrl: string): string {
  if (publicBaseUrl === undefined) return requestUrl;
  const { pathname, search } = new URL(requestUrl);
  const base = new URL(publicBaseUrl);
  return `${base.origin}${base.pathname.replace(/\/+$/, "")}${pathname}${search}`;
}
