import { DownloadError } from "./download-error.js";

/**
 * Parses `url` (relative to `base` for a redirect) and checks what can be checked without DNS:
 * http(s) only, no credentials, a host on the allowlist. Messages name the host, never the path
 * or query (they may carry tokens).
 */
export function checkDownloadUrl(url: string, isAllowedHost: (host: string) => boolean, base?: URL): URL {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    throw new DownloadError(base ? "redirect to an invalid URL" : "invalid URL");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new DownloadError(`refused: scheme ${parsed.protocol.slice(0, 20)} is not allowed`);
  }
  if (parsed.username !== "" || parsed.password !== "") {
    throw new DownloadError("refused: URL with credentials");
  }
  if (!isAllowedHost(parsed.hostname)) {
    throw new DownloadError(`refused: host ${parsed.hostname} is not on the allowlist`);
  }
  return parsed;
}
