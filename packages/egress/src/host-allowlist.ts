import { isIP } from "node:net";
import { unbracket } from "./ip-address.js";

/** Whether a URL may be called: its scheme, host and port are on the list. */
export type HostAllowlist = (url: URL) => boolean;

/** One parsed allowlist entry: `*`, a name or an IP address, and the port it pins (if any). */
export interface HostEntry {
  host: string;
  port: number | undefined;
}

const NAME = /^(?:\*|[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)$/;
const DEFAULT_PORTS: Readonly<Record<string, number>> = { "http:": 80, "https:": 443 };

/** Lower case, no trailing dot, no IPv6 brackets, IPv6 in its shortest form (as URL host names are). */
export function normalizeHost(host: string): string {
  const text = unbracket(host.trim().toLowerCase()).replace(/\.$/, "");
  if (isIP(text) !== 6) return text;
  return URL.canParse(`http://[${text}]/`) ? unbracket(new URL(`http://[${text}]/`).hostname) : text;
}

/**
 * Parses `host`, `host:port`, `[v6]`, `[v6]:port`, a bare IPv6 address or `*` (any host);
 * undefined when `entry` is none of these (a URL, a path, a wildcard pattern, a bad port).
 */
export function parseHostEntry(entry: string): HostEntry | undefined {
  const text = entry.trim().toLowerCase();
  const withPort = /^(\[[^\]]*\]|[^:[\]]*):(\d{1,5})$/.exec(text);
  const hostText = withPort ? (withPort[1] ?? "") : text;
  const port = withPort ? Number(withPort[2]) : undefined;
  if (port !== undefined && (port < 1 || port > 65_535)) return undefined;
  // A bare IPv6 address is only an address; "[::1]:8080" is the way to pin its port.
  if (hostText.startsWith("[") !== hostText.endsWith("]")) return undefined;
  const host = normalizeHost(hostText);
  if (isIP(host) === 0 && (hostText.startsWith("[") || !NAME.test(host))) return undefined;
  return { host, port };
}

/** Whether `entry` may appear in a host allowlist (see {@link parseHostEntry}). */
export function isHostEntry(entry: string): boolean {
  return parseHostEntry(entry) !== undefined;
}

/** Splits a comma-separated host list (`SYNC_ALLOWED_HOSTS`, `DOWNLOAD_ALLOWED_HOSTS`): trimmed, blanks dropped. */
export function parseHostList(text: string): string[] {
  return text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

/**
 * The one allowlist rule of every outbound call. Only http and https. An entry with a port
 * (`api.example:8443`) allows that port only; an entry without one allows the scheme's default
 * port (80 or 443) only. An IP address entry matches that address; a name matches itself and its
 * subdomains (`ted.europa.eu` allows `files.ted.europa.eu`); `*` matches every host. Entries
 * that do not parse allow nothing.
 */
export function createHostAllowlist(entries: readonly string[]): HostAllowlist {
  const parsed = entries.flatMap((entry) => parseHostEntry(entry) ?? []);
  return (url) => {
    const defaultPort = DEFAULT_PORTS[url.protocol];
    if (defaultPort === undefined) return false;
    const host = normalizeHost(url.hostname);
    const port = url.port === "" ? defaultPort : Number(url.port);
    return parsed.some(
      (entry) =>
        (entry.port ?? defaultPort) === port &&
        (entry.host === "*" ||
          host === entry.host ||
          (isIP(entry.host) === 0 && host.endsWith(`.${entry.host}`))),
    );
  };
}
