import { normaliseOrganisationName } from "./normalise-organisation-name.js";

/** What a notice says about an organisation; any part may be missing. */
export interface OrganisationIdentity {
  /** Registered identifier, e.g. `01234567` (Companies House), `PXYZ-1234-ABCD` (PPON), a VAT number. */
  identifier?: string | null;
  /** Register of the identifier (org-id.guide list code), e.g. `GB-COH`, `GB-PPON`. */
  scheme?: string | null;
  name?: string | null;
  /** ISO 3166-1 alpha-2 country code, e.g. `GB` (callers convert alpha-3 codes first). */
  country?: string | null;
}

const SCHEME = /^[A-Z0-9][A-Z0-9_-]{0,63}$/;
const COUNTRY = /^[A-Z]{2}$/;
const IDENTIFIER_MAX_LENGTH = 200;

function normaliseScheme(scheme: string | null | undefined): string | null {
  const text = scheme?.replace(/\s+/gu, "").toUpperCase() ?? "";
  return SCHEME.test(text) ? text : null;
}

/**
 * The identifier without spaces and dots, upper case, without a repeated `<scheme>-` prefix.
 * Placeholders (`TBD`, `N/A`, `not available`) have no digit and are no identifier.
 */
function normaliseIdentifier(identifier: string | null | undefined, scheme: string | null): string | null {
  let text = (identifier ?? "")
    .toWellFormed()
    .replace(/[\s.]+/gu, "")
    .toUpperCase();
  if (scheme !== null && text.startsWith(`${scheme}-`)) text = text.slice(scheme.length + 1);
  if (text.length > IDENTIFIER_MAX_LENGTH || !/\p{N}/u.test(text) || /[:\p{C}]/u.test(text)) return null;
  return text;
}

/**
 * The key under which notices' mentions of one organisation meet (README: "Organisation key"):
 * - `<SCHEME>:<ID>` when a registered identifier and its scheme are given (`GB-COH:01234567`);
 * - `id:<COUNTRY>:<ID>` for an identifier without a scheme, which is unique only within its
 *   country (an eForms company id: `id:MT:C55603`);
 * - `name:<normalised name>:<COUNTRY or ->` otherwise (`name:acme:GB`);
 * - `null` when nothing identifies it (no usable identifier and no letter or digit in the name).
 */
export function organisationKey(identity: OrganisationIdentity): string | null {
  const scheme = normaliseScheme(identity.scheme);
  const identifier = normaliseIdentifier(identity.identifier, scheme);
  const countryText = identity.country?.trim().toUpperCase() ?? "";
  const country = COUNTRY.test(countryText) ? countryText : null;
  if (identifier !== null && scheme !== null) return `${scheme}:${identifier}`;
  if (identifier !== null && country !== null) return `id:${country}:${identifier}`;
  const name = normaliseOrganisationName(identity.name ?? "");
  return name === "" ? null : `name:${name}:${country ?? "-"}`;
}
