import { LEGAL_FORM_SUFFIXES } from "./legal-form-suffixes.js";

/** Longest normalised name kept, in code points: the project's limit for a buyer's name. */
export const NORMALISED_NAME_MAX_LENGTH = 1000;

// Generous bound on the input read, so a 100 KB name costs no more than a long one.
const INPUT_MAX_CODE_POINTS = 4 * NORMALISED_NAME_MAX_LENGTH;

// Letters that Unicode does not decompose into a base letter and a mark.
const LETTERS: Record<string, string> = {
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  ł: "l",
  þ: "th",
  ı: "i",
  ħ: "h",
  ŧ: "t",
};
const SPECIAL_LETTERS = new RegExp(`[${Object.keys(LETTERS).join("")}]`, "gu");

const SPACED_MARK = /^\s\p{M}/u;

/**
 * NFKC, except for the compatibility letters it turns into a space and a mark (U+FE72, Arabic
 * dammatan, isolated, becomes a space and U+064C): those stay as they are, so a name of such
 * letters keeps a letter once the marks are dropped.
 */
function compatibilityFold(text: string): string {
  let folded = "";
  let run = "";
  for (const char of text) {
    if (char.charCodeAt(0) >= 0x80 && SPACED_MARK.test(char.normalize("NFKC"))) {
      folded += run.normalize("NFKC") + char;
      run = "";
    } else {
      run += char;
    }
  }
  return folded + run.normalize("NFKC");
}

/**
 * Text folded for comparison: Unicode NFKC, case folded, accents removed (`ł` → `l`, `æ` → `ae`),
 * `&` read as "and", dots and apostrophes dropped, every other run of punctuation and whitespace
 * one space. No word is removed. Also what the CPV autocomplete compares labels with.
 */
export function foldCharacters(text: string): string {
  const folded = compatibilityFold(text.toWellFormed())
    .replaceAll("&", " and ")
    .toUpperCase()
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(SPECIAL_LETTERS, (letter) => LETTERS[letter] ?? letter)
    // Dots and apostrophes join: `S.p.A.` is `spa`, `O'Neill` is `oneill`.
    .replace(/[.'’`´]+/gu, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  return folded;
}

function cutCodePoints(text: string, max: number): string {
  let count = 0;
  let end = 0;
  for (const char of text) {
    if (count === max) return text.slice(0, end);
    count++;
    end += char.length;
  }
  return text;
}

const SUFFIX_WORDS: readonly string[][] = [...new Set(LEGAL_FORM_SUFFIXES.map(foldCharacters))]
  .map((suffix) => suffix.split(" "))
  .sort((a, b) => b.length - a.length);

function endsWith(words: readonly string[], suffix: readonly string[]): boolean {
  if (suffix.length >= words.length) return false;
  return suffix.every((word, index) => words[words.length - suffix.length + index] === word);
}

/** Removes legal forms at the end and "the" at the start until none is left; never the last word. */
function stripLegalForms(words: string[]): string[] {
  let changed = true;
  while (changed) {
    changed = false;
    const suffix = SUFFIX_WORDS.find((candidate) => endsWith(words, candidate));
    if (suffix !== undefined) {
      words.length -= suffix.length;
      changed = true;
    }
    if (words.length > 1 && words[0] === "the") {
      words.shift();
      changed = true;
    }
  }
  return words;
}

/**
 * The comparable form of an organisation name (README: "Name normalisation"): Unicode NFKC,
 * case folded, accents removed, `&` read as "and", dots and apostrophes dropped, every other run
 * of punctuation and whitespace one space, legal forms at the end (`Ltd`, `GmbH`, `S.p.A.`…) and a
 * leading "The" removed, at most 1,000 characters. `""` only when the name has no letter or digit.
 * Idempotent: a normalised name normalises to itself.
 */
export function normaliseOrganisationName(name: string): string {
  const folded = foldCharacters(cutCodePoints(name, INPUT_MAX_CODE_POINTS));
  // Folding twice is a no-op except for the rare character whose case mapping is not NFKC-stable.
  const stable = foldCharacters(folded);
  const cut = cutCodePoints(stable, NORMALISED_NAME_MAX_LENGTH).trim();
  if (cut === "") return "";
  return stripLegalForms(cut.split(" ")).join(" ");
}
