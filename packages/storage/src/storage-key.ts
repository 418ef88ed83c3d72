const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/**
 * Checks a storage key: relative, `/`-separated segments of safe characters, no `..`, and not
 * ending in `.part` (the filesystem driver's temporary files).
 * Keys are chosen by the services (e.g. `<tender_id>/<attachment_id>`), never by remote input.
 */
export function assertStorageKey(key: string): string {
  if (
    key.length > 512 ||
    !SAFE_KEY.test(key) ||
    key.endsWith(".part") ||
    key.split("/").some((s) => s === "." || s === "..")
  ) {
    throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  }
  return key;
}
