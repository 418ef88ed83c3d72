import { normaliseOrganisationName, organisationKey } from "@tender/organisations";
import type { NoticeParty } from "../awards/notice-awards.js";

/** At most this many buyers are read (two keys each): joint procurement names a handful. */
const MAX_BUYERS = 32;
/** Longest key kept: long enough for any real name, bounded for a hostile one. */
const MAX_KEY_LENGTH = 200;

/**
 * The buyer keys of a notice (docs/records.md#procedures, "What may change a notice"): for each
 * buyer, its registered organisation key (`GB-COH:01234567`, `id:MT:C55603`) and its normalised
 * name (`name:<normaliseOrganisationName>`, whatever the country). Two notices of one source
 * sharing any key are published for the same buyer. Sorted, unique; empty when no buyer is named.
 */
export function noticeBuyerKeys(buyers: readonly NoticeParty[]): string[] {
  const keys = new Set<string>();
  for (const buyer of buyers.slice(0, MAX_BUYERS)) {
    const key = organisationKey(buyer);
    if (key !== null && !key.startsWith("name:")) keys.add(cut(key));
    const name = normaliseOrganisationName(buyer.name ?? "");
    if (name !== "") keys.add(cut(`name:${name}`));
  }
  return [...keys].sort();
}

function cut(key: string): string {
  return [...key].slice(0, MAX_KEY_LENGTH).join("");
}
