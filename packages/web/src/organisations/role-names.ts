import type { OrganisationRole } from "@tender/contracts";

/** Roles as people say them. */
export const ROLE_NAMES: Record<OrganisationRole, string> = { buyer: "Buyer", supplier: "Supplier" };

/** `Buyer, Supplier`; `no role yet` for none. */
export function rolesText(roles: readonly OrganisationRole[]): string {
  return roles.length === 0 ? "no role yet" : roles.map((r) => ROLE_NAMES[r]).join(", ");
}

/** `GB-COH 01234567`: an identifier with its register when known. */
export function identifierText(identifier: { scheme: string | null; id: string }): string {
  return identifier.scheme ? `${identifier.scheme} ${identifier.id}` : identifier.id;
}
