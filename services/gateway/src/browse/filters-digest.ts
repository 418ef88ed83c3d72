import { canonicalJson, sha256Hex, type TenderFilters } from "@tender/contracts";

/**
 * A short digest of normalized filters; equal filters give equal digests, whatever the key order.
 * `contractEnd` (browse's range of contract ends) counts when it bounds anything.
 */
export function filtersDigest(
  filters: TenderFilters | undefined,
  contractEnd: { from?: string; to?: string } = {},
): string {
  const bounded = contractEnd.from !== undefined || contractEnd.to !== undefined;
  const input = bounded ? { filters: filters ?? {}, contract_end: contractEnd } : (filters ?? {});
  return sha256Hex(canonicalJson(input)).slice(0, 32);
}
