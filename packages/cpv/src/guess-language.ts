import { CPV_LANGUAGES, type CpvLanguage } from "./cpv-languages.js";
import { cpvVocabulary } from "./cpv-vocabulary.js";

/** Lower case, accents removed, split on anything but letters: how both the model and a text are read. */
export function foldedWords(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .match(/\p{L}{2,}/gu) ?? []
  );
}

interface LanguageModel {
  counts: Map<string, Float64Array>;
  totals: Float64Array;
}

let model: LanguageModel | undefined;

/** Word counts per language over every label of the vocabulary (about 1.5 million words), built on first use. */
function languageModel(): LanguageModel {
  if (model) return model;
  const counts = new Map<string, Float64Array>();
  const totals = new Float64Array(CPV_LANGUAGES.length);
  for (const entry of cpvVocabulary().values()) {
    CPV_LANGUAGES.forEach((lang, i) => {
      for (const word of foldedWords(entry.labels[lang] ?? "")) {
        let row = counts.get(word);
        if (!row) {
          row = new Float64Array(CPV_LANGUAGES.length);
          counts.set(word, row);
        }
        row[i] = (row[i] ?? 0) + 1;
        totals[i] = (totals[i] ?? 0) + 1;
      }
    });
  }
  model = { counts, totals };
  return model;
}

/** Words read from a text at most: a language shows in its first few hundred words. */
const MAX_WORDS = 400;

/**
 * The EU language a text is most likely written in, judged by the words of the CPV labels of
 * each language (naive Bayes over the vocabulary's 24 label sets, add-one smoothing, words no
 * label uses ignored); `null` when none of its words is in any label. Procurement text shares
 * its words with the labels, so a notice's title and description are enough; a few words may
 * be mistaken between close languages (Czech and Slovak), which only changes how they are stemmed.
 */
export function guessLanguage(text: string): CpvLanguage | null {
  const { counts, totals } = languageModel();
  const scores = new Float64Array(CPV_LANGUAGES.length);
  let seen = 0;
  for (const word of foldedWords(text).slice(0, MAX_WORDS)) {
    const row = counts.get(word);
    if (!row) continue;
    seen++;
    for (let i = 0; i < scores.length; i++)
      scores[i] = (scores[i] ?? 0) + Math.log(((row[i] ?? 0) + 1) / ((totals[i] ?? 0) + counts.size));
  }
  if (seen === 0) return null;
  let best = 0;
  for (let i = 1; i < scores.length; i++) if ((scores[i] ?? 0) > (scores[best] ?? 0)) best = i;
  return CPV_LANGUAGES[best] ?? null;
}
