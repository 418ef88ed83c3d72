import { createHostAllowlist, type HostAllowlist } from "@tender/egress";
import { SOURCE_DOWNLOAD_HOSTS } from "./source-download-hosts.js";

/**
 * The allowlist of a tender's source: its default hosts (`SOURCE_DOWNLOAD_HOSTS`, on the default
 * ports) plus the operator's extra entries (`DOWNLOAD_ALLOWED_HOSTS`).
 */
export function allowlistForSource(sourceCode: string | undefined, extra: readonly string[]): HostAllowlist {
  const defaults = sourceCode === undefined ? [] : (SOURCE_DOWNLOAD_HOSTS.get(sourceCode) ?? []);
  return createHostAllowlist([...defaults, ...extra]);
}
