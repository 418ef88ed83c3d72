import type { NoticeParty } from "../awards/notice-awards.js";
import { list, object, text } from "./ocds-json.js";

const BUYER_ROLES = new Set(["buyer", "procuringentity"]);

/**
 * The buyers of an OCDS release: its `buyer` and every party whose `roles` include `buyer` or
 * `procuringEntity` (joint procurement, a central purchasing body), with their registered
 * identifiers. Pure and total.
 */
export function ocdsReleaseBuyers(release: unknown): NoticeParty[] {
  const r = object(release);
  const parties = list(r.parties, 1000).map(object);
  const buyer = object(r.buyer);
  const buyerId = text(buyer.id);
  const named = parties.filter(
    (p) =>
      (buyerId !== null && text(p.id) === buyerId) ||
      list(p.roles, 1000).some((role) => typeof role === "string" && BUYER_ROLES.has(role.toLowerCase())),
  );
  const found = [buyer, ...named].map((p) => {
    const identifier = object(p.identifier);
    return {
      name: text(p.name),
      identifier: text(identifier.id),
      scheme: text(identifier.scheme),
      country: null,
    };
  });
  return found.filter((p) => p.name !== null || p.identifier !== null);
}
