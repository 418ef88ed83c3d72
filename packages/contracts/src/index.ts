export { TENDER_CHANGED_SUBJECT, TenderChangedV1 } from "./events/tender-changed-v1.js";
export { TENDER_INDEXED_SUBJECT, TenderIndexedV1 } from "./events/tender-indexed-v1.js";
export { SOURCE_DOCUMENT_HOSTS } from "./generated/source-labels.js";
export { canonicalJson } from "./hashing/canonical-json.js";
export { type ChunkKeyInput, chunkKey } from "./hashing/chunk-key.js";
export {
  type ContentHashAttachment,
  type ContentHashInput,
  contentHash,
  contentHashPayload,
} from "./hashing/content-hash.js";
export { sha256Hex } from "./hashing/sha256-hex.js";
export { toContentHashInput } from "./hashing/to-content-hash-input.js";
export { AlertV1 } from "./http/alert-v1.js";
export { AskRequest } from "./http/ask-request.js";
export { AskResponse, NOT_ENOUGH_DATA_ANSWER } from "./http/ask-response.js";
export { AWARD_LIMITS, Award, AwardWinner, awardList } from "./http/award.js";
export { AWARD_SUMMARY_LIMITS, AwardSummary, AwardSummaryItem } from "./http/award-summary.js";
export { browseParameterOf, browseParameters, LIST_FILTER_PARAMETERS } from "./http/browse-parameters.js";
export { Competitor, CompetitorsResponse } from "./http/competitors.js";
export {
  CPV_QUERY_MAX_LENGTH,
  CpvLookupQuery,
  CpvSuggestion,
  CpvSuggestionList,
  CpvTerm,
  LABEL_LANGUAGES,
  LabelLanguage,
} from "./http/cpv-term.js";
export {
  DEFAULT_DIGEST_HOUR_UTC,
  DIGEST_FREQUENCIES,
  EMAIL_STATUSES,
  EmailSetting,
  EmailSettingRequest,
  WEEKDAYS,
} from "./http/email-setting.js";
export { ERROR_CODES, ERROR_HTTP_STATUS, ErrorCode } from "./http/error-code.js";
export { ErrorResponse, ValidationIssue } from "./http/error-response.js";
export { HealthLive, HealthReady } from "./http/health.js";
export { CHANGE_DOCUMENT_LIMITS, NOTICE_CHANGE_FIELDS, NoticeChange } from "./http/notice-change.js";
export {
  AwardTotals,
  ORGANISATION_PAGE_LIMITS,
  OrganisationAward,
  OrganisationCounterpart,
  OrganisationDetails,
  OrganisationNoticeRef,
  OrganisationRef,
  OrganisationSpelling,
} from "./http/organisation-details.js";
export { ORGANISATION_QUERY_MAX_LENGTH, OrganisationListQuery } from "./http/organisation-list-query.js";
export {
  ORGANISATION_ROLES,
  OrganisationIdentifier,
  OrganisationListResponse,
  OrganisationRole,
  OrganisationSummary,
} from "./http/organisation-summary.js";
export {
  ListedProcedureNotices,
  PROCEDURE_NOTICE_LIMITS,
  ProcedureNotice,
  ProcedureNoticeList,
  ProcedureNoticeQuery,
  TenderProcedure,
} from "./http/procedure-notice.js";
export { ProcedureResponse, type ProcedureResponseRow } from "./http/procedure-response.js";
export { REQUEST_ID_PATTERN, RequestId } from "./http/request-id.js";
export {
  SAVED_SEARCH_NAME_MAX_LENGTH,
  SavedSearch,
  SavedSearchCreated,
  SavedSearchList,
  SavedSearchMatch,
  SavedSearchMatchList,
  SavedSearchRequest,
  WEBHOOK_URL_MAX_LENGTH,
} from "./http/saved-search.js";
export { SearchRequest } from "./http/search-request.js";
export { SearchResponse } from "./http/search-response.js";
export {
  MATCH_KINDS,
  MatchKind,
  SearchResultAttachment,
  SearchResultItem,
} from "./http/search-result-item.js";
export {
  AwardSearchRequest,
  AwardSearchSummaryRequest,
  MoneyValue,
  SIMILAR_LIMITS,
  SimilarAward,
  SimilarAwardsResponse,
  SimilarPaging,
  SimilarReason,
} from "./http/similar-awards.js";
export {
  AwardSearchSummaryResponse,
  CurrencyTotal,
  CurrencyValues,
  SimilarSummary,
  SimilarSummaryResponse,
} from "./http/similar-summary.js";
export { TenderDetails, type TenderDetailsRow } from "./http/tender-details.js";
export { TenderDetailsAttachment } from "./http/tender-details-attachment.js";
export {
  FILTER_SOURCES,
  MAX_BUYER_LENGTH,
  MAX_FILTER_TENDER_IDS,
  MAX_FILTER_VALUES,
  TENDER_FILTER_KEYS,
  TenderFilters,
} from "./http/tender-filters.js";
export {
  MAX_CURSOR_LENGTH,
  PageCursor,
  TENDER_SORTS,
  TenderListPaging,
  type TenderSort,
} from "./http/tender-list-query.js";
export {
  CpvFacetCount,
  FacetCount,
  type FacetCountsRow,
  FacetsResponse,
  TENDER_FACET_FIELDS,
  TenderListItem,
  TenderListResponse,
  TenderSummary,
  type TenderSummaryRow,
} from "./http/tender-summary.js";
export { toValidationIssues } from "./http/to-validation-issues.js";
export {
  SIGNATURE_TOLERANCE_SECONDS,
  signWebhookBody,
  verifyWebhookSignature,
} from "./http/webhook-signature.js";
export {
  buildJsonSchemas,
  type JsonSchemaDocument,
  SCHEMA_BASE_URL,
} from "./json-schemas/build-json-schemas.js";
export { WIRE_SCHEMA_NAMES, WIRE_SCHEMAS, type WireSchemaName } from "./json-schemas/wire-schemas.js";
export { ALERT_REASONS, AlertReason, FOLLOW_UP_REASONS } from "./primitives/alert-reason.js";
export { CALENDAR_DATE_PATTERN, CalendarDate, calendarDateOf } from "./primitives/calendar-date.js";
export { CountryCode } from "./primitives/country-code.js";
export { CpvCode, CpvPrefix } from "./primitives/cpv-code.js";
export { CurrencyCode } from "./primitives/currency-code.js";
export {
  DECIMAL_AMOUNT_PATTERN,
  DecimalAmount,
  normalizeDecimalAmount,
} from "./primitives/decimal-amount.js";
export {
  EMAIL_ADDRESS_MAX_LENGTH,
  EmailAddress,
  emailRateLimitKey,
  isEmailAddress,
} from "./primitives/email-address.js";
export { boundedHttpUrl, HttpUrl, isHttpUrl } from "./primitives/http-url.js";
export { boundedJsonObject, isJsonObject, JsonObject, measureJsonDepth } from "./primitives/json-object.js";
export { KnownSourceCode } from "./primitives/known-source-code.js";
export { NOTICE_KINDS, NoticeKind } from "./primitives/notice-kind.js";
export {
  isIdentifierShaped,
  type ParsedQuery,
  parseQuerySyntax,
  QUERY_MAX_TERMS,
  type QueryTerm,
  renderWebsearch,
} from "./primitives/query-syntax.js";
export { SearchMode } from "./primitives/search-mode.js";
export {
  QUERY_MAX_LENGTH,
  QUERY_MIN_LENGTH,
  QUERY_PATTERN,
  SearchQuery,
} from "./primitives/search-query.js";
export { Sha256Digest } from "./primitives/sha256-digest.js";
export { SourceCode } from "./primitives/source-code.js";
export { SOURCE_CODES, SOURCE_LABELS } from "./primitives/source-codes.js";
export { DOWNLOAD_STATUSES, DownloadStatus, INDEX_STATUSES, IndexStatus } from "./primitives/statuses.js";
export { toStorableText, unstorableTextProblem } from "./primitives/storable-text.js";
export { TRACEPARENT_PATTERN, Traceparent } from "./primitives/traceparent.js";
export {
  boundedNullableText,
  boundedTrimmedString,
  Filename,
  NonEmptyString,
  NullableText,
  TRIMMED_PATTERN,
  TrimmedString,
} from "./primitives/trimmed-string.js";
export { normalizeUtcTimestamp, UTC_TIMESTAMP_PATTERN, UtcTimestamp } from "./primitives/utc-timestamp.js";
export { UUID_PATTERN, Uuid } from "./primitives/uuid.js";
export {
  combineDateAndTime,
  countryFromCode,
  countryFromName,
  NOTICE_KIND_TABLE,
  type NoticeKindInput,
  noticeKindOf,
  ocdsTagsKind,
  parseSourceDate,
} from "./reading/index.js";
export { ATTACHMENT_FIELDS, AttachmentRecordV1 } from "./records/attachment-record-v1.js";
export { RECORD_LIMITS } from "./records/record-limits.js";
export { TenderRecordV1 } from "./records/tender-record-v1.js";
export {
  createTenderChangedV1Validator,
  createTenderIndexedV1Validator,
  createTenderRecordV1Validator,
  createWireValidator,
  type WireTypes,
  type WireValidationResult,
  type WireValidator,
} from "./validators/create-wire-validator.js";
export { formatAjvErrors } from "./validators/format-ajv-errors.js";
