import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { CPV_LANGUAGES, type CpvLanguage } from "./cpv-languages.js";

/** One CPV code of the vocabulary. */
export interface CpvEntry {
  /** 8 digits without the check digit (`45233141`). */
  readonly code: string;
  /** The official label per language; a language whose label is empty in the list is absent. */
  readonly labels: Readonly<Partial<Record<CpvLanguage, string>>>;
  /**
   * The significant prefix: the code without its trailing zeros, but at least the two digits of
   * the division (`45000000` → `45`, `45230000` → `4523`, `03111000` → `03111`).
   */
  readonly prefix: string;
  /** The nearest broader code present in the vocabulary, or `null` for a division. */
  readonly parent: string | null;
}

const DATA_URL = new URL("../data/cpv-2008-24-languages.tsv.gz", import.meta.url);

/** The significant prefix of a code (see `CpvEntry.prefix`). */
export function cpvPrefixOf(code: string): string {
  const trimmed = code.replace(/0+$/, "");
  return trimmed.length >= 2 ? trimmed : code.slice(0, 2);
}

/** Parses the vocabulary's TSV (header `code` and the 24 languages). Exported for tests. */
export function parseCpvTsv(tsv: string): Map<string, CpvEntry> {
  const lines = tsv.split("\n").filter((l) => l.length > 0);
  const header = (lines.shift() ?? "").split("\t");
  if (header[0] !== "code" || header.slice(1).join(" ") !== CPV_LANGUAGES.join(" ")) {
    throw new Error("the CPV vocabulary's header is not `code` and the 24 languages in order");
  }
  const entries = new Map<string, CpvEntry>();
  for (const line of lines) {
    const cells = line.split("\t");
    const code = cells[0] ?? "";
    if (!/^\d{8}$/.test(code)) throw new Error(`the CPV vocabulary has a malformed code: ${code}`);
    const labels: Partial<Record<CpvLanguage, string>> = {};
    CPV_LANGUAGES.forEach((lang, i) => {
      // NFC: a few labels of the list are decomposed (Greek accents), and answers compare as text.
      const label = (cells[i + 1] ?? "").trim().normalize("NFC");
      if (label) labels[lang] = label;
    });
    entries.set(code, { code, labels, prefix: cpvPrefixOf(code), parent: null });
  }
  // The parent: the longest shorter prefix, padded with zeros, that is itself a code.
  for (const [code, entry] of entries) {
    let parent: string | null = null;
    for (let n = entry.prefix.length - 1; n >= 2 && parent === null; n--) {
      const candidate = code.slice(0, n).padEnd(8, "0");
      if (candidate !== code && entries.has(candidate)) parent = candidate;
    }
    entries.set(code, { ...entry, parent });
  }
  return entries;
}

let loaded: ReadonlyMap<string, CpvEntry> | undefined;

/**
 * The whole CPV 2008 vocabulary (9,454 codes), read from the package's data file on first use
 * and kept for the life of the process (about 2 MB compressed, 20 MB in memory).
 */
export function cpvVocabulary(): ReadonlyMap<string, CpvEntry> {
  loaded ??= parseCpvTsv(gunzipSync(readFileSync(DATA_URL)).toString("utf8"));
  return loaded;
}

/**
 * The label of a code in a language, falling back to English; `null` for a code the vocabulary
 * does not have (a buyer's typo or a code retired before 2008).
 */
export function cpvLabel(code: string, lang: CpvLanguage = "eng"): string | null {
  const entry = cpvVocabulary().get(code);
  if (!entry) return null;
  return entry.labels[lang] ?? entry.labels.eng ?? null;
}
