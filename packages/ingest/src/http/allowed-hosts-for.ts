import { parseHostList } from "@tender/egress";

/** `SYNC_ALLOWED_HOSTS` as a list, or, when unset, the host (with port) of the source's base URL. */
export function allowedHostsFor(baseUrl: string, configured: string | undefined): string[] {
  const listed = configured === undefined ? [] : parseHostList(configured);
  return listed.length > 0 ? listed : [new URL(baseUrl).host];
}
