import * as v from "valibot";
import { CpvCode } from "../primitives/cpv-code.js";
import { objectMessage } from "../primitives/object-message.js";
import { resultLimit } from "../primitives/search-query.js";
import { TrimmedString } from "../primitives/trimmed-string.js";

/**
 * The languages CPV labels come in (docs/api.md#cpv-labels): the 24 official EU languages, as the
 * ISO 639-1 codes `lang` takes. English is the default.
 */
export const LABEL_LANGUAGES = [
  "bg",
  "cs",
  "da",
  "de",
  "el",
  "en",
  "es",
  "et",
  "fi",
  "fr",
  "ga",
  "hr",
  "hu",
  "it",
  "lt",
  "lv",
  "mt",
  "nl",
  "pl",
  "pt",
  "ro",
  "sk",
  "sl",
  "sv",
] as const;
export type LabelLanguage = (typeof LABEL_LANGUAGES)[number];

/** The `lang` query parameter: one of {@link LABEL_LANGUAGES}. */
export const LabelLanguage = v.picklist(
  LABEL_LANGUAGES,
  `Must be one of the 24 EU languages as a two-letter code: ${LABEL_LANGUAGES.join(", ")}`,
);

/** A CPV code and its official label in the answer's language (English where that language has none). */
export const CpvTerm = v.strictObject(
  {
    code: CpvCode,
    /** Null for a code the CPV 2008 vocabulary does not have. */
    label: v.nullable(TrimmedString),
  },
  objectMessage,
);
export type CpvTerm = v.InferOutput<typeof CpvTerm>;

/** Longest `q` of `GET /api/v1/cpv`, in characters. */
export const CPV_QUERY_MAX_LENGTH = 100;

/** Query of `GET /api/v1/cpv` (docs/api.md#cpv-vocabulary): what was typed, the language, how many. */
export const CpvLookupQuery = v.strictObject(
  {
    q: v.pipe(
      v.string("Must be a string"),
      v.trim(),
      v.minLength(1, "Must not be empty"),
      v.maxLength(CPV_QUERY_MAX_LENGTH, `Must be at most ${CPV_QUERY_MAX_LENGTH} characters long`),
    ),
    lang: v.optional(LabelLanguage),
    limit: resultLimit(50, 10),
  },
  objectMessage,
);
export type CpvLookupQuery = v.InferOutput<typeof CpvLookupQuery>;

/** One code of the vocabulary matching what was typed. */
export const CpvSuggestion = v.strictObject(
  {
    code: CpvCode,
    label: TrimmedString,
    /** 1 division, 2 group, 3 class, 4 category, 5 finer. */
    level: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)),
  },
  objectMessage,
);
export type CpvSuggestion = v.InferOutput<typeof CpvSuggestion>;

/** Answer of `GET /api/v1/cpv`: the best matches first, at most `limit`. */
export const CpvSuggestionList = v.strictObject(
  { lang: LabelLanguage, items: v.array(CpvSuggestion, "Must be an array") },
  objectMessage,
);
export type CpvSuggestionList = v.InferOutput<typeof CpvSuggestionList>;
