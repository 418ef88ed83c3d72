export { CPV_LANGUAGES, type CpvLanguage, cpvLanguage } from "./cpv-languages.js";
export { type CpvTerm, cpvLevel, cpvTerms, describeCpvCodes, withCpvLabels } from "./cpv-terms.js";
export { type CpvEntry, cpvLabel, cpvPrefixOf, cpvVocabulary, parseCpvTsv } from "./cpv-vocabulary.js";
