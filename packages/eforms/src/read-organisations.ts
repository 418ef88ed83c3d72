import { countryFromCode } from "@tender/contracts";
import { organisationKey } from "@tender/organisations";
import type { EformsOrganisation } from "./eforms-notice-v1.js";
import type { NoticeReader } from "./notice-reader.js";
import { all, first, type XmlNode } from "./xml-tree.js";

/** Every organisation of the notice by its reference (`ORG-0001`); the first of a repeated reference wins. */
export function readOrganisations(
  extension: XmlNode | undefined,
  reader: NoticeReader,
): Map<string, EformsOrganisation> {
  const byRef = new Map<string, EformsOrganisation>();
  for (const organization of all(extension, "Organizations", "Organization")) {
    const company = first(organization, "Company");
    const ref = reader.id(first(company, "PartyIdentification", "ID"), "organisation reference");
    if (ref === null || byRef.has(ref)) continue;
    const name = reader.line(
      first(company, "PartyName", "Name"),
      `name of ${ref}`,
      reader.limits.maxNameLength,
    );
    const companyId = first(company, "PartyLegalEntity", "CompanyID");
    const identifier = reader.id(companyId, `identifier of ${ref}`);
    const scheme = reader.attribute(companyId, "schemeName", `identifier scheme of ${ref}`);
    const code = reader.line(
      first(company, "PostalAddress", "Country", "IdentificationCode"),
      `country of ${ref}`,
      16,
    );
    const country = code === null ? null : countryFromCode(code);
    if (code !== null && country === null)
      reader.problem(`country of ${ref}: "${code}" is not a country code`);
    const key = organisationKey({ identifier, scheme, name, country });
    byRef.set(ref, { ref, key, name, identifier, scheme, country });
  }
  return byRef;
}

/** The organisations a list of references names, known ones only, each once, in order. */
export function resolveOrganisations(
  refs: readonly (string | null)[],
  byRef: ReadonlyMap<string, EformsOrganisation>,
  reader: NoticeReader,
  what: string,
): EformsOrganisation[] {
  const found: EformsOrganisation[] = [];
  const seen = new Set<string>();
  for (const ref of refs) {
    if (ref === null || seen.has(ref)) continue;
    seen.add(ref);
    const organisation = byRef.get(ref);
    if (organisation === undefined) reader.problem(`${what}: organisation ${ref} is not in the notice`);
    else found.push(organisation);
  }
  return reader.keep(found, reader.limits.maxOrganisations, what);
}
