export { CPV_LANGUAGES, type CpvLanguage, cpvLanguage } from "./cpv-languages.js";
export { type CpvEntry, cpvLabel, cpvPrefixOf, cpvVocabulary, parseCpvTsv } from "./cpv-vocabulary.js";
export { foldedWords, guessLanguage } from "./guess-language.js";
