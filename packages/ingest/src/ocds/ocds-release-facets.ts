import { countryFromCode, countryFromName } from "@tender/contracts";
import { cpvCode } from "../mapping/facets/cpv-code.js";
import { type TenderFacets, tenderFacets } from "../mapping/facets/tender-facets.js";
import { type Json, list, object } from "./ocds-json.js";

/**
 * The facets of an OCDS release (docs/records.md#facets-per-source). Countries: the addresses of the
 * parties with role `buyer` and the items' delivery addresses, by `countryName` (an ISO name, a
 * UK nation or a code) or a NUTS `region`; `fallbackCountry` when none names a country (a
 * publisher of one country's notices). CPV codes: `tender.classification`, `tender.items[].classification`
 * and their `additionalClassifications`, scheme `CPV`. Pure; reads the raw release so `tender
 * remap` can run it on `raw_payload`.
 */
export function ocdsReleaseFacets(release: unknown, fallbackCountry: string | null = null): TenderFacets {
  const r = object(release);
  const tender = object(r.tender);
  const items = list(tender.items).map(object);
  const buyers = list(r.parties)
    .map(object)
    .filter((party) => list(party.roles).includes("buyer"));
  const addresses = [
    ...buyers.map((party) => party.address),
    ...items.flatMap((item) => [...list(item.deliveryAddresses), item.deliveryAddress]),
  ].map(object);
  const countries = addresses.flatMap(addressCountries);
  const classifications = [tender, ...items].flatMap((part) => [
    part.classification,
    ...list(part.additionalClassifications),
  ]);
  return tenderFacets(
    countries.some((country) => country !== null) ? countries : [fallbackCountry],
    classifications.map(object).map(cpvOf),
  );
}

function addressCountries(address: Json): (string | null)[] {
  const name = typeof address.countryName === "string" ? countryFromName(address.countryName) : null;
  const region = typeof address.region === "string" ? countryFromCode(address.region) : null;
  return [name, region];
}

function cpvOf(classification: Json): string | null {
  const scheme = classification.scheme;
  return typeof scheme === "string" && scheme.trim().toUpperCase() === "CPV"
    ? cpvCode(classification.id)
    : null;
}
