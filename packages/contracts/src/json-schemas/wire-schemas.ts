import type * as v from "valibot";
import { TenderChangedV1 } from "../events/tender-changed-v1.js";
import { TenderIndexedV1 } from "../events/tender-indexed-v1.js";
import { AlertV1 } from "../http/alert-v1.js";
import { AskRequest } from "../http/ask-request.js";
import { AskResponse } from "../http/ask-response.js";
import { CompetitorsResponse } from "../http/competitors.js";
import { CpvSuggestionList } from "../http/cpv-term.js";
import { ErrorResponse } from "../http/error-response.js";
import { HealthLive, HealthReady } from "../http/health.js";
import { OrganisationDetails } from "../http/organisation-details.js";
import { OrganisationListResponse } from "../http/organisation-summary.js";
import { ProcedureNoticeList } from "../http/procedure-notice.js";
import { ProcedureResponse } from "../http/procedure-response.js";
import {
  SavedSearch,
  SavedSearchCreated,
  SavedSearchList,
  SavedSearchMatchList,
  SavedSearchRequest,
} from "../http/saved-search.js";
import { SearchRequest } from "../http/search-request.js";
import { SearchResponse } from "../http/search-response.js";
import {
  AwardSearchRequest,
  AwardSearchSummaryRequest,
  SimilarAwardsResponse,
} from "../http/similar-awards.js";
import { AwardSearchSummaryResponse, SimilarSummaryResponse } from "../http/similar-summary.js";
import { TenderDetails } from "../http/tender-details.js";
import { FacetsResponse, TenderListResponse } from "../http/tender-summary.js";
import { KnownSourceCode } from "../primitives/known-source-code.js";
import { SOURCE_LABELS } from "../primitives/source-codes.js";
import { AttachmentRecordV1 } from "../records/attachment-record-v1.js";
import { TenderRecordV1 } from "../records/tender-record-v1.js";

interface WireSchema {
  title: string;
  description: string;
  schema: v.GenericSchema;
}

const SOURCE_NAMES = Object.entries(SOURCE_LABELS)
  .map(([code, label]) => `\`${code}\`: ${label}`)
  .join("; ");

const NORMALIZED =
  "Describes the normalized form the services produce; the valibot schema in @tender/contracts also accepts and normalizes untrimmed strings, naive or offset date-times and amounts with fewer fraction digits.";

/** Every contract published as a JSON Schema file `schemas/<name>.schema.json`. */
export const WIRE_SCHEMAS = {
  "tender-changed-v1": {
    title: "TenderChangedV1",
    description: `Event announcing that a tender changed (subject tender.changed.v1). ${NORMALIZED}`,
    schema: TenderChangedV1,
  },
  "tender-indexed-v1": {
    title: "TenderIndexedV1",
    description: `Event announcing that a tender's chunks changed (subject tender.indexed.v1). ${NORMALIZED}`,
    schema: TenderIndexedV1,
  },
  "tender-record-v1": {
    title: "TenderRecordV1",
    description: `Normalized tender record both source APIs are mapped to. ${NORMALIZED}`,
    schema: TenderRecordV1,
  },
  "attachment-record-v1": {
    title: "AttachmentRecordV1",
    description: `One attachment of a TenderRecordV1. ${NORMALIZED}`,
    schema: AttachmentRecordV1,
  },
  "search-request": {
    title: "SearchRequest",
    description: "Body of POST /api/v1/search, as the client sends it.",
    schema: SearchRequest,
  },
  "ask-request": {
    title: "AskRequest",
    description: "Body of POST /api/v1/ask, as the client sends it.",
    schema: AskRequest,
  },
  "search-response": {
    title: "SearchResponse",
    description: "Response body of POST /api/v1/search.",
    schema: SearchResponse,
  },
  "ask-response": {
    title: "AskResponse",
    description: "Response body of POST /api/v1/ask.",
    schema: AskResponse,
  },
  "tender-details": {
    title: "TenderDetails",
    description: "Response body of GET /api/v1/tenders/{id}.",
    schema: TenderDetails,
  },
  "tender-list-response": {
    title: "TenderListResponse",
    description: "Response body of GET /api/v1/tenders.",
    schema: TenderListResponse,
  },
  "facets-response": {
    title: "FacetsResponse",
    description: "Response body of GET /api/v1/facets.",
    schema: FacetsResponse,
  },
  "cpv-suggestion-list": {
    title: "CpvSuggestionList",
    description: "Response body of GET /api/v1/cpv: CPV codes matching what was typed, with their labels.",
    schema: CpvSuggestionList,
  },
  "procedure-response": {
    title: "ProcedureResponse",
    description: "Response body of GET /api/v1/procedures/{id}.",
    schema: ProcedureResponse,
  },
  "procedure-notice-list": {
    title: "ProcedureNoticeList",
    description: "Response body of GET /api/v1/procedures/{id}/notices.",
    schema: ProcedureNoticeList,
  },
  "similar-awards-response": {
    title: "SimilarAwardsResponse",
    description: "Response body of GET /api/v1/tenders/{id}/similar and POST /api/v1/awards/search.",
    schema: SimilarAwardsResponse,
  },
  "similar-summary-response": {
    title: "SimilarSummaryResponse",
    description: "Response body of GET /api/v1/tenders/{id}/similar/summary.",
    schema: SimilarSummaryResponse,
  },
  "competitors-response": {
    title: "CompetitorsResponse",
    description: "Response body of GET /api/v1/organisations/{id}/competitors.",
    schema: CompetitorsResponse,
  },
  "award-search-request": {
    title: "AwardSearchRequest",
    description: "Request body of POST /api/v1/awards/search.",
    schema: AwardSearchRequest,
  },
  "award-search-summary-request": {
    title: "AwardSearchSummaryRequest",
    description: "Request body of POST /api/v1/awards/search/summary.",
    schema: AwardSearchSummaryRequest,
  },
  "award-search-summary-response": {
    title: "AwardSearchSummaryResponse",
    description: "Response body of POST /api/v1/awards/search/summary.",
    schema: AwardSearchSummaryResponse,
  },
  "organisation-list-response": {
    title: "OrganisationListResponse",
    description: "Response body of GET /api/v1/organisations.",
    schema: OrganisationListResponse,
  },
  "organisation-details": {
    title: "OrganisationDetails",
    description: "Response body of GET /api/v1/organisations/{id}.",
    schema: OrganisationDetails,
  },
  "saved-search-request": {
    title: "SavedSearchRequest",
    description: "Body of POST /api/v1/saved-searches, as the client sends it.",
    schema: SavedSearchRequest,
  },
  "saved-search": {
    title: "SavedSearch",
    description:
      "Response body of GET /api/v1/saved-searches/{id} and POST /api/v1/saved-searches/{id}/feed-token.",
    schema: SavedSearch,
  },
  "saved-search-created": {
    title: "SavedSearchCreated",
    description: "Response body of POST /api/v1/saved-searches: webhook_secret is shown only here.",
    schema: SavedSearchCreated,
  },
  "saved-search-list": {
    title: "SavedSearchList",
    description: "Response body of GET /api/v1/saved-searches.",
    schema: SavedSearchList,
  },
  "saved-search-match-list": {
    title: "SavedSearchMatchList",
    description: "Response body of GET /api/v1/saved-searches/{id}/matches.",
    schema: SavedSearchMatchList,
  },
  "alert-v1": {
    title: "AlertV1",
    description:
      "Body of the webhook POST the notifier sends for a match of a saved search (headers X-Tender-Alert-Id and X-Tender-Signature).",
    schema: AlertV1,
  },
  "known-source-code": {
    title: "KnownSourceCode",
    description: `A source this service pulls from, as the \`sources\` filter names it (${SOURCE_NAMES}). The schemas that hold filters refer to this file, so adding a source changes no other schema. A tender's own \`source\` is any source code, not this enum.`,
    schema: KnownSourceCode,
  },
  "error-response": {
    title: "ErrorResponse",
    description: "The error envelope of every API error.",
    schema: ErrorResponse,
  },
  "health-live": {
    title: "HealthLive",
    description: "Response body of GET /health/live.",
    schema: HealthLive,
  },
  "health-ready": {
    title: "HealthReady",
    description: "Response body of GET /health/ready (200 ready, 503 unavailable).",
    schema: HealthReady,
  },
} as const satisfies Record<string, WireSchema>;

/** Name of a published schema: its file is `schemas/<name>.schema.json`. */
export type WireSchemaName = keyof typeof WIRE_SCHEMAS;

/**
 * Schemas the others refer to by file (`{"$ref": "<name>.schema.json"}`) wherever they hold
 * them, instead of repeating them inline: a validator of any schema loads these too.
 */
export const REFERENCED_WIRE_SCHEMAS: readonly WireSchemaName[] = ["known-source-code"];

export const WIRE_SCHEMA_NAMES = Object.keys(WIRE_SCHEMAS) as WireSchemaName[];
