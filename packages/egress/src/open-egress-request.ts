import { type AddressPolicy, forbiddenAddressReason } from "./address-policy.js";
import { checkEgressUrl } from "./check-egress-url.js";
import { EgressError } from "./egress-error.js";
import type { HostAllowlist } from "./host-allowlist.js";
import { type ResolveHost, resolveAllowedAddresses, systemResolveHost } from "./resolve-allowed-addresses.js";
import { type Hop, type HopResponse, type SendHop, sendHop } from "./send-hop.js";

/** What every hop of an outbound call must respect. */
export interface EgressPolicy {
  /** Scheme, host and port of every hop (see `createHostAllowlist`). */
  allowlist: HostAllowlist;
  /** Why a resolved address is refused; default `forbiddenAddressReason` (public addresses only). */
  addressReason?: AddressPolicy;
  /** Default: the operating system's resolver. */
  resolveHost?: ResolveHost;
  /** Default 5. */
  maxRedirects?: number;
  /** Per hop: connecting, sending and receiving the response headers. */
  headersTimeoutMs: number;
  /** Per hop: the connection (TCP, and TLS for https) must be up within this; default no own limit. */
  connectTimeoutMs?: number;
  /** No byte received for this long ends the call. */
  idleTimeoutMs: number;
  userAgent: string;
  /** Injected in tests. */
  send?: SendHop;
}

/** An outbound request: a GET, or a POST/PUT with a body (a webhook). */
export interface EgressRequest {
  url: string;
  /** Default GET. */
  method?: "GET" | "POST" | "PUT";
  /** Lower-case names. Default `accept: *\/*`, `accept-encoding: identity`. */
  headers?: Readonly<Record<string, string>>;
  body?: string | Uint8Array;
}

/** The final answer, after redirects: any status but a redirect. */
export interface EgressResponse extends HopResponse {
  /** The URL that answered (the last redirect target). */
  url: URL;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Sent to the first origin only: a redirect elsewhere must not carry credentials along. */
const ORIGIN_HEADERS = ["authorization", "cookie", "proxy-authorization"];

/**
 * Sends `request` and follows up to `maxRedirects` redirects by hand. Every hop is checked the
 * same way before connecting: scheme, credentials, allowlist with port, no https→http downgrade,
 * every resolved address (a DNS answer mixing public and internal addresses is refused), and the
 * socket connects only to the checked addresses (no DNS rebinding). 303, and 301/302 after a
 * POST, continue as a GET without body, as browsers do; 307/308 repeat the request. Failures are
 * `EgressError`s, or the signal's reason once it aborted. The caller reads or closes the body.
 */
export async function openEgressRequest(
  request: EgressRequest,
  policy: EgressPolicy,
  signal: AbortSignal,
): Promise<EgressResponse> {
  const send = policy.send ?? sendHop;
  const maxRedirects = policy.maxRedirects ?? 5;
  const addressOptions = {
    addressReason: policy.addressReason ?? forbiddenAddressReason,
    resolveHost: policy.resolveHost ?? systemResolveHost,
  };
  let current = checkEgressUrl(request.url, policy.allowlist);
  const origin = current.origin;
  let hop: Hop = {
    method: request.method ?? "GET",
    headers: {
      accept: "*/*",
      "accept-encoding": "identity",
      ...request.headers,
      "user-agent": policy.userAgent,
    },
    body: request.body,
  };
  for (let redirects = 0; ; redirects++) {
    if (signal.aborted) throw signal.reason;
    const addresses = await resolveAllowedAddresses(current.hostname, addressOptions);
    const response = await send(current, hop, addresses, policy, signal);
    if (!REDIRECTS.has(response.status)) return { ...response, url: current };
    response.close();
    // A caller that follows none (a webhook POST) gets the status, not a "too many" message.
    if (maxRedirects === 0) {
      throw new EgressError("redirect", `HTTP ${response.status}: redirects are not followed`);
    }
    const location = response.headers.location;
    if (typeof location !== "string" || location === "") {
      throw new EgressError("redirect", `HTTP ${response.status} without a Location header`);
    }
    if (redirects >= maxRedirects) {
      throw new EgressError("redirect", `too many redirects (more than ${maxRedirects})`);
    }
    current = checkEgressUrl(location, policy.allowlist, current);
    hop = nextHop(hop, response.status, current.origin === origin);
  }
}

function nextHop(hop: Hop, status: number, sameOrigin: boolean): Hop {
  const headers = { ...hop.headers };
  if (!sameOrigin) for (const name of ORIGIN_HEADERS) delete headers[name];
  if (status === 307 || status === 308 || hop.method === "GET") return { ...hop, headers };
  delete headers["content-type"];
  delete headers["content-length"];
  return { method: "GET", headers };
}
