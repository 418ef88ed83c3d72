import { parseHostList } from "@tender/egress";
import type { SyncHttpEnv } from "../ingest-env.js";
import { allowedHostsFor } from "./allowed-hosts-for.js";
import {
  createPoliteHttpClient,
  type PoliteHttpClient,
  type PoliteHttpClientOptions,
} from "./polite-http-client.js";

/**
 * A source's polite HTTP client from the sync's configuration: `SYNC_ALLOWED_HOSTS` (by default
 * the host of `baseUrl`, and `defaultHosts`), `HTTP_TIMEOUT_MS` and `HTTP_MAX_RESPONSE_BYTES`;
 * `options` adds what is particular to the source (concurrency, 403 cool-down, logger).
 * `defaultHosts` are the source's other hosts (TED's notice XML on ted.europa.eu); a configured
 * `SYNC_ALLOWED_HOSTS` replaces them too.
 */
export function createSyncHttpClient(
  baseUrl: string,
  config: Readonly<SyncHttpEnv>,
  {
    defaultHosts = [],
    ...options
  }: Omit<PoliteHttpClientOptions, "allowedHosts" | "timeoutMs" | "maxResponseBytes"> & {
    defaultHosts?: readonly string[];
  } = {},
): PoliteHttpClient {
  const listed = parseHostList(config.SYNC_ALLOWED_HOSTS ?? "");
  return createPoliteHttpClient({
    ...options,
    allowedHosts: listed.length > 0 ? listed : [...allowedHostsFor(baseUrl, undefined), ...defaultHosts],
    timeoutMs: config.HTTP_TIMEOUT_MS,
    maxResponseBytes: config.HTTP_MAX_RESPONSE_BYTES,
  });
}
