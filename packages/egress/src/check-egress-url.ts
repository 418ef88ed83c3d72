import { EgressError } from "./egress-error.js";
import type { HostAllowlist } from "./host-allowlist.js";

/**
 * Parses `url` (relative to `base` for a redirect) and checks what can be checked without DNS:
 * http(s) only, no credentials, scheme, host and port on the allowlist, and no redirect from
 * https to http (the rest of the exchange would travel in clear text). Messages name the host
 * (with its port when it is not the default), never the path or query (they may carry tokens).
 */
export function checkEgressUrl(url: string, allowlist: HostAllowlist, base?: URL): URL {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    throw new EgressError("refused", base ? "redirect to an invalid URL" : "invalid URL");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new EgressError("refused", `refused: scheme ${parsed.protocol.slice(0, 20)} is not allowed`);
  }
  if (base?.protocol === "https:" && parsed.protocol === "http:") {
    throw new EgressError("refused", `refused: redirect from https to http (${parsed.host})`);
  }
  if (parsed.username !== "" || parsed.password !== "") {
    throw new EgressError("refused", "refused: URL with credentials");
  }
  if (!allowlist(parsed)) {
    throw new EgressError("refused", `refused: host ${parsed.host} is not on the allowlist`);
  }
  return parsed;
}
