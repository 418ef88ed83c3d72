import * as v from "valibot";
import { EVENT_HEADER_FIELDS } from "../events/event-header.js";
import { objectMessage } from "../primitives/object-message.js";
import { boundedTrimmedString } from "../primitives/trimmed-string.js";
import { Uuid } from "../primitives/uuid.js";
import { SAVED_SEARCH_NAME_MAX_LENGTH, SavedSearchMatch } from "./saved-search.js";

/**
 * The body the notifier POSTs to a saved search's webhook (docs/events.md#webhooks): one match or
 * follow-up (`reason`), as `Match` shows it, with the saved search it belongs to. Fields are only
 * ever added, so `schema_version` stays 1. `alert_id` is the match's id, the same
 * on every attempt: receivers de-duplicate by it (delivery is at least once).
 */
export const AlertV1 = v.strictObject(
  {
    schema_version: EVENT_HEADER_FIELDS.schema_version,
    ...SavedSearchMatch.entries,
    saved_search: v.strictObject(
      { id: Uuid, name: boundedTrimmedString(SAVED_SEARCH_NAME_MAX_LENGTH) },
      objectMessage,
    ),
  },
  objectMessage,
);
export type AlertV1 = v.InferOutput<typeof AlertV1>;
