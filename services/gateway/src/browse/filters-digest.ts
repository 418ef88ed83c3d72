import { canonicalJson, sha256Hex, type TenderFilters } from "@tender/contracts";

/** A short digest of normalized filters; equal filters give equal digests, whatever the key order. */
export function filtersDigest(filters: TenderFilters | undefined): string {
  return sha256Hex(canonicalJson(filters ?? {})).slice(0, 32);
}
