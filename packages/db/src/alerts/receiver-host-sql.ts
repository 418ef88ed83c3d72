import { type RawBuilder, sql } from "kysely";

/**
 * The host a webhook URL (`url`, a text expression) connects to, as the per-host cap counts it:
 * `host` or `host:port`, lower-case, without credentials, a default port (443 for https, 80 for
 * http) or a trailing dot; '' for null. It reads the URL as the HTTP client does: after the
 * scheme any run of `/` or `\\`, the authority up to the first `/`, `\\`, `?` or `#`, the host
 * after its last `@`. So no spelling of the same receiver (case, credentials, `:443`, `host.`)
 * counts as another host.
 */
export function receiverHostSql(url: RawBuilder<unknown>): RawBuilder<string> {
  const scheme = sql`lower(substring(${url} from '^([A-Za-z][A-Za-z0-9+.-]*):'))`;
  const authority = sql`substring(${url} from '^[A-Za-z][A-Za-z0-9+.-]*:[/\\\\]*([^/\\\\?#]*)')`;
  const hostPort = sql`lower(regexp_replace(${authority}, '^.*@', ''))`;
  // An empty port, or the scheme's own, is no port; then a trailing dot of the name goes.
  const withoutDefaultPort = sql`regexp_replace(${hostPort},
    CASE ${scheme} WHEN 'https' THEN ':(443)?$' WHEN 'http' THEN ':(80)?$' ELSE ':$' END, '')`;
  return sql<string>`coalesce(regexp_replace(${withoutDefaultPort}, '\\.(:[0-9]*)?$', '\\1'), '')`;
}
