/**
 * The 24 official EU languages of the CPV vocabulary, as ISO 639-2 codes in the column order of
 * `data/cpv-2008-24-languages.tsv.gz`.
 */
export const CPV_LANGUAGES = [
  "bul",
  "ces",
  "dan",
  "deu",
  "ell",
  "eng",
  "est",
  "fin",
  "fra",
  "gle",
  "hrv",
  "hun",
  "ita",
  "lav",
  "lit",
  "mlt",
  "nld",
  "pol",
  "por",
  "ron",
  "slk",
  "slv",
  "spa",
  "swe",
] as const;
export type CpvLanguage = (typeof CPV_LANGUAGES)[number];

/** ISO 639-1 (as `Accept-Language` and notices write it) to the vocabulary's ISO 639-2. */
const FROM_639_1: Record<string, CpvLanguage> = {
  bg: "bul",
  cs: "ces",
  da: "dan",
  de: "deu",
  el: "ell",
  en: "eng",
  et: "est",
  fi: "fin",
  fr: "fra",
  ga: "gle",
  hr: "hrv",
  hu: "hun",
  it: "ita",
  lv: "lav",
  lt: "lit",
  mt: "mlt",
  nl: "nld",
  pl: "pol",
  pt: "por",
  ro: "ron",
  sk: "slk",
  sl: "slv",
  es: "spa",
  sv: "swe",
};

/**
 * The vocabulary language for a language tag (`de`, `DE`, `de-AT`, `deu`), or `null` when the
 * vocabulary has no such language.
 */
export function cpvLanguage(tag: string): CpvLanguage | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  if ((CPV_LANGUAGES as readonly string[]).includes(primary)) return primary as CpvLanguage;
  return FROM_639_1[primary] ?? null;
}
