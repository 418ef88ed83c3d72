import * as v from "valibot";
import { objectMessage } from "../primitives/object-message.js";
import { NonEmptyString } from "../primitives/trimmed-string.js";
import { SearchResultItem } from "./search-result-item.js";

/** Answer Ask gives when the search finds nothing; the model is not called (docs/api.md#ask). */
export const NOT_ENOUGH_DATA_ANSWER = "Недостаточно данных в базе знаний.";

/** Response of `POST /api/v1/ask`: the answer and the fragments it was grounded in (at most 5). */
export const AskResponse = v.strictObject(
  {
    answer: NonEmptyString,
    sources: v.pipe(
      v.array(SearchResultItem, "Must be an array"),
      v.maxLength(5, "Must have at most 5 items"),
    ),
  },
  objectMessage,
);
export type AskResponse = v.InferOutput<typeof AskResponse>;
