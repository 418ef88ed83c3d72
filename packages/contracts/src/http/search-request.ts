import * as v from "valibot";
import { objectMessage } from "../primitives/object-message.js";
import { SearchMode } from "../primitives/search-mode.js";
import { resultLimit, SearchQuery } from "../primitives/search-query.js";
import { TenderFilters } from "./tender-filters.js";

/** Body of `POST /api/v1/search`: `limit` 1..10, 5 when omitted; optional `filters` (docs/api.md#filters) and `mode`. */
export const SearchRequest = v.strictObject(
  {
    query: SearchQuery,
    limit: resultLimit(10, 5),
    filters: v.optional(TenderFilters),
    mode: v.optional(SearchMode),
  },
  objectMessage,
);
export type SearchRequest = v.InferOutput<typeof SearchRequest>;
