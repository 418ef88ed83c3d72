export { CPV_LANGUAGES, type CpvLanguage, cpvLanguage } from "./cpv-languages.js";
export {
  type CpvTerm,
  cpvLevel,
  cpvTerms,
  describeCpvCodes,
  LISTED_CPV_LABELS,
  withCpvLabels,
} from "./cpv-terms.js";
export { type CpvEntry, cpvLabel, cpvPrefixOf, cpvVocabulary, parseCpvTsv } from "./cpv-vocabulary.js";
export { foldedWords, guessLanguage } from "./guess-language.js";
