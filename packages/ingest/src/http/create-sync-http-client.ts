import type { SyncHttpEnv } from "../ingest-env.js";
import { allowedHostsFor } from "./allowed-hosts-for.js";
import {
  createPoliteHttpClient,
  type PoliteHttpClient,
  type PoliteHttpClientOptions,
} from "./polite-http-client.js";

/**
 * A source's polite HTTP client from the sync's configuration: `SYNC_ALLOWED_HOSTS` (by default
 * the host of `baseUrl`), `HTTP_TIMEOUT_MS` and `HTTP_MAX_RESPONSE_BYTES`; `options` adds what is
 * particular to the source (concurrency, 403 cool-down, logger).
 */
export function createSyncHttpClient(
  baseUrl: string,
  config: Readonly<SyncHttpEnv>,
  options: Omit<PoliteHttpClientOptions, "allowedHosts" | "timeoutMs" | "maxResponseBytes"> = {},
): PoliteHttpClient {
  return createPoliteHttpClient({
    ...options,
    allowedHosts: allowedHostsFor(baseUrl, config.SYNC_ALLOWED_HOSTS),
    timeoutMs: config.HTTP_TIMEOUT_MS,
    maxResponseBytes: config.HTTP_MAX_RESPONSE_BYTES,
  });
}
