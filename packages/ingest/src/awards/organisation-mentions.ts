import type { OrganisationMention } from "@tender/db";
import { organisationKey } from "@tender/organisations";
import type { NoticeAwards, NoticeParty } from "./notice-awards.js";

/**
 * The organisation a party is, under its `organisationKey`, or null when nothing identifies it.
 * Its name is the spelling the notice gives, else its identifier; identifier and scheme are kept
 * only when the key is made of them (a name key says nothing registered).
 */
export function partyMention(party: NoticeParty, role: "buyer" | "supplier"): OrganisationMention | null {
  const key = organisationKey(party);
  const name = party.name ?? party.identifier;
  if (key === null || name === null) return null;
  const registered = !key.startsWith("name:");
  return {
    key,
    name,
    country: party.country,
    identifier: registered ? party.identifier : null,
    scheme: registered ? party.scheme : null,
    buyer: role === "buyer",
    supplier: role === "supplier",
  };
}

/** Every organisation a notice names: its buyer and each winner of each award. */
export function organisationMentions(awards: NoticeAwards): OrganisationMention[] {
  const mentions = [
    awards.buyer === null ? null : partyMention(awards.buyer, "buyer"),
    ...awards.awards.flatMap((award) => award.winners.map((winner) => partyMention(winner, "supplier"))),
  ];
  return mentions.filter((m) => m !== null);
}
