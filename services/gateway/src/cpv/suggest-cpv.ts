import type { CpvSuggestion } from "@tender/contracts";
import { type CpvLanguage, cpvLabel, cpvLevel, cpvVocabulary } from "@tender/cpv";
import { foldCharacters } from "@tender/organisations";

interface IndexedCode {
  code: string;
  label: string;
  level: CpvSuggestion["level"];
  /** The label folded (`foldCharacters`), and its words. */
  folded: string;
  words: string[];
}

// One index per language, built on first use (9,454 labels) and kept: the vocabulary never changes
// while the process runs.
const indexes = new Map<CpvLanguage, IndexedCode[]>();

function indexOf(lang: CpvLanguage): IndexedCode[] {
  let index = indexes.get(lang);
  if (!index) {
    index = [...cpvVocabulary().keys()].map((code) => {
      const label = cpvLabel(code, lang) ?? code;
      const folded = foldCharacters(label);
      return { code, label, level: cpvLevel(code), folded, words: folded.split(" ") };
    });
    indexes.set(lang, index);
  }
  return index;
}

/** A code as people type it: digits, perhaps with the check digit (`45233141-9`) or spaces. */
const CODE_TOKEN = /^\d{1,8}(?:-\d)?$/;

/**
 * The vocabulary's codes matching what was typed (docs/api.md#cpv-vocabulary): every word of `q`
 * starts a word of the code's label in `lang` (accents, case and punctuation folded), and every
 * run of digits starts the code (`45`, `4523`, `45233141-9`). Best first: the label equal to the
 * words, then starting with them, then broader codes (divisions before groups…), shorter labels,
 * and the code. At most `limit`; none when `q` has neither word nor digit.
 */
export function suggestCpv(q: string, lang: CpvLanguage, limit: number): CpvSuggestion[] {
  const tokens = q.trim().split(/\s+/).filter(Boolean);
  const digits = tokens.filter((t) => CODE_TOKEN.test(t)).map((t) => t.split("-")[0] as string);
  const text = foldCharacters(tokens.filter((t) => !CODE_TOKEN.test(t)).join(" "));
  const words = text === "" ? [] : text.split(" ");
  if (digits.length === 0 && words.length === 0) return [];
  const matches = indexOf(lang).filter(
    (entry) =>
      digits.every((d) => entry.code.startsWith(d)) &&
      words.every((w) => entry.words.some((labelWord) => labelWord.startsWith(w))),
  );
  const rank = (entry: IndexedCode) =>
    text === "" ? 2 : entry.folded === text ? 0 : entry.folded.startsWith(text) ? 1 : 2;
  return matches
    .map((entry) => ({ entry, rank: rank(entry) }))
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        a.entry.level - b.entry.level ||
        a.entry.words.length - b.entry.words.length ||
        a.entry.code.localeCompare(b.entry.code),
    )
    .slice(0, limit)
    .map(({ entry }) => ({ code: entry.code, label: entry.label, level: entry.level }));
}
