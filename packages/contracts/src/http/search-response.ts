import * as v from "valibot";
import { objectMessage } from "../primitives/object-message.js";
import { SearchQuery } from "../primitives/search-query.js";
import { SearchResultItem } from "./search-result-item.js";

/** Response of `POST /api/v1/search`: the trimmed query and at most 10 items, best first. */
export const SearchResponse = v.strictObject(
  {
    query: SearchQuery,
    items: v.pipe(
      v.array(SearchResultItem, "Must be an array"),
      v.maxLength(10, "Must have at most 10 items"),
    ),
  },
  objectMessage,
);
export type SearchResponse = v.InferOutput<typeof SearchResponse>;
