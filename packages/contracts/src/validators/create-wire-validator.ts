import { Ajv2020 } from "ajv/dist/2020.js";
import formatsModule from "ajv-formats";
import type * as v from "valibot";
import type { TenderChangedV1 } from "../events/tender-changed-v1.js";
import type { TenderIndexedV1 } from "../events/tender-indexed-v1.js";
import { jsonSchemas } from "../generated/json-schemas.js";
import type { AlertV1 } from "../http/alert-v1.js";
import type { AskRequest } from "../http/ask-request.js";
import type { AskResponse } from "../http/ask-response.js";
import type { CompetitorsResponse } from "../http/competitors.js";
import type { CpvSuggestionList } from "../http/cpv-term.js";
import type { ErrorResponse } from "../http/error-response.js";
import type { HealthLive, HealthReady } from "../http/health.js";
import type { OrganisationDetails } from "../http/organisation-details.js";
import type { OrganisationListResponse } from "../http/organisation-summary.js";
import type { ProcedureNoticeList } from "../http/procedure-notice.js";
import type { ProcedureResponse } from "../http/procedure-response.js";
import type {
  SavedSearch,
  SavedSearchCreated,
  SavedSearchList,
  SavedSearchMatchList,
  SavedSearchRequest,
} from "../http/saved-search.js";
import type { SearchRequest } from "../http/search-request.js";
import type { SearchResponse } from "../http/search-response.js";
import type {
  AwardSearchRequest,
  AwardSearchSummaryRequest,
  SimilarAwardsResponse,
} from "../http/similar-awards.js";
import type { AwardSearchSummaryResponse, SimilarSummaryResponse } from "../http/similar-summary.js";
import type { TenderDetails } from "../http/tender-details.js";
import type { FacetsResponse, TenderListResponse } from "../http/tender-summary.js";
import { REFERENCED_WIRE_SCHEMAS, type WireSchemaName } from "../json-schemas/wire-schemas.js";
import type { KnownSourceCode } from "../primitives/known-source-code.js";
import type { AttachmentRecordV1 } from "../records/attachment-record-v1.js";
import type { TenderRecordV1 } from "../records/tender-record-v1.js";
import { formatAjvErrors } from "./format-ajv-errors.js";

/** What a value valid against each schema file is. Requests are described as clients send them. */
export interface WireTypes {
  "tender-changed-v1": TenderChangedV1;
  "tender-indexed-v1": TenderIndexedV1;
  "tender-record-v1": TenderRecordV1;
  "attachment-record-v1": AttachmentRecordV1;
  "search-request": v.InferInput<typeof SearchRequest>;
  "ask-request": v.InferInput<typeof AskRequest>;
  "search-response": SearchResponse;
  "ask-response": AskResponse;
  "tender-details": TenderDetails;
  "tender-list-response": TenderListResponse;
  "facets-response": FacetsResponse;
  "cpv-suggestion-list": CpvSuggestionList;
  "procedure-response": ProcedureResponse;
  "procedure-notice-list": ProcedureNoticeList;
  "similar-awards-response": SimilarAwardsResponse;
  "similar-summary-response": SimilarSummaryResponse;
  "competitors-response": CompetitorsResponse;
  "award-search-request": v.InferInput<typeof AwardSearchRequest>;
  "award-search-summary-request": v.InferInput<typeof AwardSearchSummaryRequest>;
  "award-search-summary-response": AwardSearchSummaryResponse;
  "organisation-list-response": OrganisationListResponse;
  "organisation-details": OrganisationDetails;
  "saved-search-request": v.InferInput<typeof SavedSearchRequest>;
  "saved-search": SavedSearch;
  "saved-search-created": SavedSearchCreated;
  "saved-search-list": SavedSearchList;
  "saved-search-match-list": SavedSearchMatchList;
  "alert-v1": AlertV1;
  "error-response": ErrorResponse;
  "health-live": HealthLive;
  "health-ready": HealthReady;
  "known-source-code": KnownSourceCode;
}

export type WireValidationResult<T> = { ok: true; value: T } | { ok: false; errors: string[] };

export type WireValidator<T> = (value: unknown) => WireValidationResult<T>;

/**
 * Compiles an ajv (draft 2020-12, strict, with formats) validator for one published schema.
 * It checks against the committed schema content (`src/generated/json-schemas.ts`, which the
 * drift test keeps equal to `schemas/*.schema.json`), not against valibot. Each call compiles
 * a fresh validator: create it once at start-up and reuse it.
 */
export function createWireValidator<K extends WireSchemaName>(name: K): WireValidator<WireTypes[K]> {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  formatsModule.default(ajv);
  // The files it refers to (`known-source-code.schema.json`), found by their `$id`.
  for (const referenced of REFERENCED_WIRE_SCHEMAS)
    if (referenced !== name) ajv.addSchema(jsonSchemas[referenced]);
  const validate = ajv.compile(jsonSchemas[name]);
  return (value) =>
    validate(value)
      ? { ok: true, value: value as WireTypes[K] }
      : { ok: false, errors: formatAjvErrors(validate.errors ?? []) };
}

/** Validator of `TenderChangedV1` messages against `schemas/tender-changed-v1.schema.json`. */
export function createTenderChangedV1Validator(): WireValidator<TenderChangedV1> {
  return createWireValidator("tender-changed-v1");
}

/** Validator of `TenderRecordV1` (normalized form) against `schemas/tender-record-v1.schema.json`. */
export function createTenderRecordV1Validator(): WireValidator<TenderRecordV1> {
  return createWireValidator("tender-record-v1");
}

/** Validator of `TenderIndexedV1` messages against `schemas/tender-indexed-v1.schema.json`. */
export function createTenderIndexedV1Validator(): WireValidator<TenderIndexedV1> {
  return createWireValidator("tender-indexed-v1");
}
