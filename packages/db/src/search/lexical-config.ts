import type { CpvLanguage } from "@tender/cpv";

/** The languages with a PostgreSQL stemmer, by ISO 639-2 code, and its name (migration 0038). */
const STEMMER: Partial<Record<CpvLanguage, string>> = {
  dan: "danish",
  nld: "dutch",
  eng: "english",
  fin: "finnish",
  fra: "french",
  deu: "german",
  ell: "greek",
  hun: "hungarian",
  gle: "irish",
  ita: "italian",
  lit: "lithuanian",
  por: "portuguese",
  ron: "romanian",
  spa: "spanish",
  swe: "swedish",
};

/** The text search configuration a text in `lang` is indexed with: its stemmer's, else folded words (`tender_simple`). */
export function lexicalConfigOf(lang: CpvLanguage | null): string {
  const stemmer = lang ? STEMMER[lang] : undefined;
  return stemmer ? `tender_${stemmer}` : "tender_simple";
}

/** Every configuration a chunk may be indexed with: a query is read with each of them. */
export const LEXICAL_CONFIGS: readonly string[] = [
  "tender_simple",
  ...Object.values(STEMMER).map((name) => `tender_${name}`),
];
