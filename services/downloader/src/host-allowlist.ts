import { isIP } from "node:net";
import { unbracket } from "./ip-address.js";
import { SOURCE_DOWNLOAD_HOSTS } from "./source-download-hosts.js";

/** Lower case, no trailing dot, no IPv6 brackets, IPv6 in its shortest form (as URL host names are). */
export function normalizeHost(host: string): string {
  const text = unbracket(host.trim().toLowerCase()).replace(/\.$/, "");
  if (isIP(text) !== 6) return text;
  return URL.canParse(`http://[${text}]/`) ? unbracket(new URL(`http://[${text}]/`).hostname) : text;
}

const HOST_ENTRY = /^(?:\*|[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)$/;

/** Whether `entry` may appear in a host allowlist: `*`, a host name, or an IP address. */
export function isHostEntry(entry: string): boolean {
  const host = normalizeHost(entry);
  return isIP(host) !== 0 || HOST_ENTRY.test(host);
}

/**
 * A host test: an IP address entry matches that address only; a name matches itself and its
 * subdomains (`ted.europa.eu` allows `files.ted.europa.eu`); `*` matches every host.
 */
export function createHostAllowlist(entries: readonly string[]): (host: string) => boolean {
  const normalized = entries.map(normalizeHost).filter((entry) => entry !== "");
  if (normalized.includes("*")) return () => true;
  return (host) => {
    const candidate = normalizeHost(host);
    return normalized.some(
      (entry) => candidate === entry || (isIP(entry) === 0 && candidate.endsWith(`.${entry}`)),
    );
  };
}

/** The allowlist of a tender's source: its default hosts plus the operator's extra entries. */
export function allowlistForSource(
  sourceCode: string | undefined,
  extra: readonly string[],
): (host: string) => boolean {
  const defaults = sourceCode === undefined ? [] : (SOURCE_DOWNLOAD_HOSTS.get(sourceCode) ?? []);
  return createHostAllowlist([...defaults, ...extra]);
}
