import { ISO_3166_COUNTRIES } from "./iso-3166-countries.js";

const ALPHA_2 = new Set(ISO_3166_COUNTRIES.map(([alpha2]) => alpha2));
const BY_ALPHA_3 = new Map(ISO_3166_COUNTRIES.map(([alpha2, alpha3]) => [alpha3, alpha2]));
// The UK's nations and their three-letter forms are not ISO countries, but OCDS addresses of
// UK notices name them ("England", "ENG").
const UK_NATIONS = ["england", "scotland", "wales", "northern ireland", "great britain", "uk"];
const UK_NATION_CODES = ["ENG", "SCT", "WLS", "NIR"];
const BY_NAME = new Map<string, string>([
  ...ISO_3166_COUNTRIES.flatMap(([alpha2, _alpha3, ...names]) =>
    names.map((name) => [name.toLowerCase(), alpha2] as [string, string]),
  ),
  ...UK_NATIONS.map((name) => [name, "GB"] as [string, string]),
]);
// NUTS writes Greece and the United Kingdom differently from ISO 3166-1.
const NUTS_COUNTRY: Record<string, string> = { EL: "GR", UK: "GB" };
const NUTS = /^([A-Z]{2})[A-Z0-9]{0,3}$/;

/**
 * The ISO 3166-1 alpha-2 code of a country code as sources write it: an alpha-3 code (`DEU`),
 * an alpha-2 code, or a NUTS code whose first two letters are the country (`FRE11` → `FR`,
 * `EL30` → `GR`, `UKI` → `GB`). Null for anything else (`anyw`, `OTHN`, lower case).
 * Three letters are read as alpha-3 first: no NUTS region in use spells an alpha-3 code.
 */
export function countryFromCode(code: string): string | null {
  const text = code.trim();
  const alpha3 = BY_ALPHA_3.get(text) ?? (UK_NATION_CODES.includes(text) ? "GB" : undefined);
  if (alpha3 !== undefined) return alpha3;
  const prefix = NUTS.exec(text)?.[1];
  if (prefix === undefined) return null;
  const country = NUTS_COUNTRY[prefix] ?? prefix;
  return ALPHA_2.has(country) ? country : null;
}

/**
 * The alpha-2 code of a country as an address names it: an ISO English name in any case
 * (`United Kingdom`, `Viet Nam`, `Vietnam`), a UK nation (`England`) or a code
 * (`countryFromCode`). Null for regions that are no country (`Europe`, `Channel Islands`).
 */
export function countryFromName(name: string): string | null {
  const text = name.trim();
  return BY_NAME.get(text.toLowerCase()) ?? countryFromCode(text);
}
