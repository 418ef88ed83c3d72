export { LEGAL_FORM_SUFFIXES } from "./legal-form-suffixes.js";
export {
  foldCharacters,
  NORMALISED_NAME_MAX_LENGTH,
  normaliseOrganisationName,
} from "./normalise-organisation-name.js";
export { type OrganisationIdentity, organisationKey } from "./organisation-key.js";
export {
  type OrganisationSearchTerms,
  organisationSearchTerms,
  SEARCH_TERMS_MAX_WORDS,
} from "./organisation-search-terms.js";
