/**
 * True when `url` is http(s) and its host is listed. An entry with a port (`127.0.0.1:8080`)
 * matches that host and port only; an entry without one matches the host on any port.
 * Comparison ignores case.
 */
export function isHostAllowed(url: URL, allowedHosts: readonly string[]): boolean {
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  const host = url.host.toLowerCase();
  const hostname = url.hostname.toLowerCase();
  return allowedHosts.some((entry) => {
    const wanted = entry.trim().toLowerCase();
    return hasPort(wanted) ? wanted === host : wanted === hostname;
  });
}

function hasPort(entry: string): boolean {
  // "[::1]:8080" has a port, "[::1]" and "::1" do not.
  if (entry.startsWith("[")) return /\]:\d+$/.test(entry);
  return /^[^:]+:\d+$/.test(entry);
}

/** Parses a comma-separated host list (`SYNC_ALLOWED_HOSTS`): trimmed, blanks dropped. */
export function parseHostList(text: string): string[] {
  return text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}
