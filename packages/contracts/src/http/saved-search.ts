import * as v from "valibot";
import { AlertReason } from "../primitives/alert-reason.js";
import { CosineScore } from "../primitives/cosine-score.js";
import { boundedHttpUrl } from "../primitives/http-url.js";
import { objectMessage } from "../primitives/object-message.js";
import { SearchMode } from "../primitives/search-mode.js";
import { SearchQuery } from "../primitives/search-query.js";
import { unstorableTextProblem } from "../primitives/storable-text.js";
import { boundedTrimmedString, NonEmptyString } from "../primitives/trimmed-string.js";
import { UtcTimestamp } from "../primitives/utc-timestamp.js";
import { Uuid } from "../primitives/uuid.js";
import { AWARD_LIMITS, awardList } from "./award.js";
import { EmailSetting, EmailSettingRequest } from "./email-setting.js";
import { NoticeChange } from "./notice-change.js";
import { SearchResultAttachment } from "./search-result-item.js";
import { TenderFilters } from "./tender-filters.js";
import { TenderSummary } from "./tender-summary.js";

export const SAVED_SEARCH_NAME_MAX_LENGTH = 100;
export const WEBHOOK_URL_MAX_LENGTH = 2048;

// Stored text: no NUL and no lone surrogate (PostgreSQL cannot hold them), checked before the
// database would refuse them.
const storable = v.check<string, string>(
  (text) => unstorableTextProblem(text) === null,
  "Must not contain a NUL character or half of a character",
);

/**
 * Body of `POST /api/v1/saved-searches` (docs/api.md#saved-searches). `min_score` defaults to the server's
 * MIN_RELEVANCE_SCORE; `webhook_url` must be https unless the operator allows http. `email` asks for a digest by mail,
 * sent once the address confirms. `mode` as Search (default `vector`).
 */
export const SavedSearchRequest = v.strictObject(
  {
    name: v.pipe(boundedTrimmedString(SAVED_SEARCH_NAME_MAX_LENGTH), storable),
    query: v.pipe(SearchQuery, storable),
    filters: v.optional(TenderFilters),
    min_score: v.optional(CosineScore),
    mode: v.optional(SearchMode),
    webhook_url: v.optional(boundedHttpUrl(WEBHOOK_URL_MAX_LENGTH)),
    email: v.optional(EmailSettingRequest),
  },
  objectMessage,
);
export type SavedSearchRequest = v.InferOutput<typeof SavedSearchRequest>;

const SAVED_SEARCH_FIELDS = {
  id: Uuid,
  name: boundedTrimmedString(SAVED_SEARCH_NAME_MAX_LENGTH),
  query: SearchQuery,
  filters: TenderFilters,
  min_score: CosineScore,
  /** `vector` (the default) or `hybrid`: how new tenders are matched (docs/api.md#saved-searches). */
  mode: SearchMode,
  webhook_url: v.nullable(boundedHttpUrl(WEBHOOK_URL_MAX_LENGTH)),
  /** `/api/v1/feeds/{token}`: shown when the token is made (creation, rotation), null otherwise. */
  feed_url: v.nullable(
    v.pipe(v.string("Must be a string"), v.regex(/^\/api\/v1\/feeds\/[A-Za-z0-9_-]{43}$/)),
  ),
  /** The digest by mail and where it stands; null when none was asked for. */
  email: v.nullable(EmailSetting),
  created_at: UtcTimestamp,
};

/** A saved search as `GET /api/v1/saved-searches/{id}` answers it. */
export const SavedSearch = v.strictObject(SAVED_SEARCH_FIELDS, objectMessage);
export type SavedSearch = v.InferOutput<typeof SavedSearch>;

/** Answer of `POST /api/v1/saved-searches`: the saved search and, with a webhook, its secret (shown once). */
export const SavedSearchCreated = v.strictObject(
  {
    ...SAVED_SEARCH_FIELDS,
    webhook_secret: v.optional(v.pipe(v.string("Must be a string"), v.regex(/^whsec_[A-Za-z0-9_-]{43}$/))),
  },
  objectMessage,
);
export type SavedSearchCreated = v.InferOutput<typeof SavedSearchCreated>;

/** Answer of `GET /api/v1/saved-searches`: the key's saved searches, newest first. */
export const SavedSearchList = v.strictObject(
  { items: v.array(SavedSearch, "Must be an array") },
  objectMessage,
);
export type SavedSearchList = v.InferOutput<typeof SavedSearchList>;

/**
 * A tender a saved search matched, or a follow-up of a procedure it matched before
 * (docs/events.md#follow-ups): `reason` says which; a follow-up has its `procedure_id` and the
 * `changes` it made (null: it replaces no stored notice), both null for `match`. `score`,
 * `snippet`, `attachment`: its best chunk for the query (a follow-up may score below
 * `min_score`). `awards`: the notice's awards as the tender card shows them (cut the same way) for
 * `awarded`, and for `changed` when the notice corrects a result that has awards; null otherwise.
 */
export const SavedSearchMatch = v.strictObject(
  {
    alert_id: Uuid,
    reason: AlertReason,
    tender: TenderSummary,
    score: CosineScore,
    snippet: NonEmptyString,
    attachment: v.nullable(SearchResultAttachment),
    matched_at: UtcTimestamp,
    procedure_id: v.nullable(Uuid),
    changes: v.nullable(v.array(NoticeChange, "Must be an array")),
    awards: v.nullable(awardList(AWARD_LIMITS.awards)),
  },
  objectMessage,
);
export type SavedSearchMatch = v.InferOutput<typeof SavedSearchMatch>;

/** Answer of `GET /api/v1/saved-searches/{id}/matches`: newest first, keyset pages. */
export const SavedSearchMatchList = v.strictObject(
  { items: v.array(SavedSearchMatch, "Must be an array"), next_cursor: v.nullable(v.string()) },
  objectMessage,
);
export type SavedSearchMatchList = v.InferOutput<typeof SavedSearchMatchList>;
