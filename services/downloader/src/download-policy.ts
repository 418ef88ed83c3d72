import type { DownloadBackoff } from "@tender/db";
import {
  type AddressPolicy,
  forbiddenAddressReason,
  metadataAddressReason,
  type ResolveHost,
} from "@tender/egress";

/** Every limit a download obeys; built from the environment in main.ts, chosen freely in tests. */
export interface DownloadPolicy {
  /** MAX_ATTACHMENT_BYTES: larger files are refused (by header and by bytes received). */
  maxBytes: number;
  /** DOWNLOAD_TIMEOUT_MS: one attempt, from the first request to the stored file. */
  timeoutMs: number;
  /** Per request: connect, send, receive headers. Default min(timeoutMs, 30 s). */
  headersTimeoutMs: number;
  /** No byte for this long ends the attempt. Default min(timeoutMs, 30 s). */
  idleTimeoutMs: number;
  maxRedirects: number;
  /**
   * DOWNLOAD_ALLOWED_HOSTS: added to every source's default hosts (`host:port` pins a port, a
   * bare host means the default port, `*` allows any host).
   */
  extraAllowedHosts: readonly string[];
  /**
   * Why a resolved address must not be connected to, or undefined when it may. Default: the
   * internal ranges of `forbiddenAddressReason`, or only the cloud metadata addresses when
   * DOWNLOAD_ALLOW_PRIVATE_ADDRESSES is true (tests and demos with a loopback server).
   */
  addressReason: AddressPolicy;
  /** Further attempts after a retryable failure (connection trouble, HTTP 5xx, 408, 429). */
  retries: number;
  /** Pause before the first retry; doubled for each further one. */
  retryDelayMs: number;
  /**
   * After a download failed for good, how long a re-crawl's request for it is ignored: the
   * first pause, doubled for each further failure in a row, and the longest.
   */
  failureBackoff: DownloadBackoff;
  resolveHost: ResolveHost;
  userAgent: string;
  /**
   * How long a downloader's claim on an attachment lasts: longer than every attempt and pause of
   * one download (default: attempts × `timeoutMs` + the retry pauses + one minute), so a live
   * download never loses it, while a killed downloader's claim runs out.
   */
  leaseMs: number;
}

export const DEFAULT_MAX_REDIRECTS = 5;
/** One hour after the first failure, then 2, 4, 8 and 16 hours, then once a day. */
export const DEFAULT_FAILURE_BACKOFF: DownloadBackoff = Object.freeze({
  firstMs: 60 * 60_000,
  maxMs: 24 * 60 * 60_000,
});
const STEP_TIMEOUT_CAP_MS = 30_000;

/** The policy with defaults for what the environment does not set. */
export function downloadPolicy(
  base: Pick<DownloadPolicy, "maxBytes" | "timeoutMs" | "extraAllowedHosts" | "resolveHost"> & {
    allowPrivateAddresses: boolean;
  },
  overrides: Partial<DownloadPolicy> = {},
): DownloadPolicy {
  const { allowPrivateAddresses, ...rest } = base;
  const step = Math.min(base.timeoutMs, STEP_TIMEOUT_CAP_MS);
  const retries = overrides.retries ?? 2;
  const retryDelayMs = overrides.retryDelayMs ?? 1_000;
  return {
    leaseMs: (retries + 1) * base.timeoutMs + retryDelayMs * 2 ** (retries + 1) + 60_000,
    addressReason: allowPrivateAddresses ? metadataAddressReason : forbiddenAddressReason,
    headersTimeoutMs: step,
    idleTimeoutMs: step,
    maxRedirects: DEFAULT_MAX_REDIRECTS,
    retries,
    retryDelayMs,
    failureBackoff: DEFAULT_FAILURE_BACKOFF,
    userAgent: "tender-downloader/1.0",
    ...rest,
    ...overrides,
  };
}
