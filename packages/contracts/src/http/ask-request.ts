import * as v from "valibot";
import { objectMessage } from "../primitives/object-message.js";
import { SearchMode } from "../primitives/search-mode.js";
import { resultLimit, SearchQuery } from "../primitives/search-query.js";
import { TenderFilters } from "./tender-filters.js";

/** Body of `POST /api/v1/ask`: `limit` 1..5, 5 when omitted; optional `filters` (docs/api.md#filters) and `mode`. */
export const AskRequest = v.strictObject(
  {
    query: SearchQuery,
    limit: resultLimit(5, 5),
    filters: v.optional(TenderFilters),
    mode: v.optional(SearchMode),
  },
  objectMessage,
);
export type AskRequest = v.InferOutput<typeof AskRequest>;
