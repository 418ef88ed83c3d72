import * as v from "valibot";
import { CosineScore } from "../primitives/cosine-score.js";
import { HttpUrl } from "../primitives/http-url.js";
import { objectMessage } from "../primitives/object-message.js";
import { SourceCode } from "../primitives/source-code.js";
import { Filename, NonEmptyString, TrimmedString } from "../primitives/trimmed-string.js";
import { Uuid } from "../primitives/uuid.js";
import { CpvTerm } from "./cpv-term.js";

/** The attachment a fragment came from. */
export const SearchResultAttachment = v.strictObject({ id: Uuid, filename: Filename }, objectMessage);
export type SearchResultAttachment = v.InferOutput<typeof SearchResultAttachment>;

/** How a hybrid Search found a fragment (docs/api.md#hybrid-search), in this order. */
export const MATCH_KINDS = ["id", "buyer", "cpv", "phrase", "words", "vector"] as const;
export const MatchKind = v.picklist(MATCH_KINDS, `Must be one of ${MATCH_KINDS.join(", ")}`);
export type MatchKind = v.InferOutput<typeof MatchKind>;

/** One fragment of a Search result, also an Ask source (docs/api.md#search). */
export const SearchResultItem = v.strictObject(
  {
    tender_id: Uuid,
    title: TrimmedString,
    source: SourceCode,
    source_url: HttpUrl,
    /** The whole chunk text, unchanged. */
    snippet: NonEmptyString,
    /** Raw cosine similarity, not rounded. */
    score: CosineScore,
    /** `null` when the fragment is tender metadata. */
    attachment: v.nullable(SearchResultAttachment),
    /**
     * The tender's CPV codes with their labels, only when the Search request named a `lang`
     * (docs/api.md#cpv-labels): without it the item is the specification's, field for field.
     */
    cpv: v.optional(v.array(CpvTerm, "Must be an array")),
    /** Hybrid mode only: the lists that found it; absent in vector mode. */
    matched: v.optional(v.pipe(v.array(MatchKind, "Must be an array"), v.minLength(1, "Must not be empty"))),
  },
  objectMessage,
);
export type SearchResultItem = v.InferOutput<typeof SearchResultItem>;
