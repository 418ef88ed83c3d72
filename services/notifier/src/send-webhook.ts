import {
  type AddressPolicy,
  EgressError,
  type HostAllowlist,
  openEgressRequest,
  type ResolveHost,
} from "@tender/egress";

/** Where and how a webhook may be called. */
export interface WebhookEgress {
  /** WEBHOOK_TIMEOUT_MS: from the first DNS lookup to the answer's status line. */
  timeoutMs: number;
  /** WEBHOOK_CONNECT_TIMEOUT_MS: the connection (TCP and TLS) must be up within this; default no own limit. */
  connectTimeoutMs?: number;
  /**
   * WEBHOOK_FIRST_BYTE_TIMEOUT_MS: from connecting to the answer's status line; default
   * `timeoutMs`. Shorter than it, a receiver that accepts and never answers frees its slot sooner.
   */
  firstByteTimeoutMs?: number;
  /** WEBHOOK_ALLOW_HTTP: http targets too; https only otherwise. */
  allowHttp: boolean;
  /**
   * The address policy of attachment downloads: `forbiddenAddressReason`, or only the metadata
   * addresses with WEBHOOK_ALLOW_PRIVATE_ADDRESSES (tests and demos with a loopback receiver).
   */
  addressReason: AddressPolicy;
  resolveHost?: ResolveHost;
}

/** One webhook request: the signed body and its headers. */
export interface WebhookRequest {
  url: string;
  body: string;
  alertId: string;
  signature: string;
}

/** Why an attempt did not deliver; `permanent` when no retry can deliver it (a redirect). */
export interface WebhookFailure {
  error: string;
  permanent: boolean;
}

/** Any host and port: the target is the user's choice; only the scheme and addresses are policed. */
function webhookAllowlist(allowHttp: boolean): HostAllowlist {
  return (url) => url.protocol === "https:" || (allowHttp && url.protocol === "http:");
}

/**
 * POSTs one alert through the egress policy (scheme, address policy on every resolved address,
 * pinned connection). No redirect is followed: a POST that moved is not delivered, and a retry
 * would meet the same redirect, so it is a permanent failure. Resolves with `undefined` for a
 * 2xx answer within the timeout, or a short reason for anything else (naming the host, never
 * the path or the answer's body, which is not read).
 */
export async function sendWebhook(
  request: WebhookRequest,
  egress: WebhookEgress,
): Promise<WebhookFailure | undefined> {
  const signal = AbortSignal.timeout(egress.timeoutMs);
  try {
    const response = await openEgressRequest(
      {
        url: request.url,
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-tender-alert-id": request.alertId,
          "x-tender-signature": request.signature,
        },
        body: request.body,
      },
      {
        allowlist: webhookAllowlist(egress.allowHttp),
        addressReason: egress.addressReason,
        ...(egress.resolveHost ? { resolveHost: egress.resolveHost } : {}),
        maxRedirects: 0,
        headersTimeoutMs: Math.min(egress.firstByteTimeoutMs ?? egress.timeoutMs, egress.timeoutMs),
        ...(egress.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: egress.connectTimeoutMs }),
        idleTimeoutMs: egress.timeoutMs,
        userAgent: "tender-notifier/1.0",
      },
      signal,
    );
    response.close();
    return response.status >= 200 && response.status < 300
      ? undefined
      : { error: `HTTP ${response.status}`, permanent: false };
  } catch (error) {
    if (signal.aborted) return { error: `no answer within ${egress.timeoutMs} ms`, permanent: false };
    const permanent = error instanceof EgressError && error.code === "redirect";
    return { error: error instanceof Error ? error.message : String(error), permanent };
  }
}
