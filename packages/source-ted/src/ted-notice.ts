import * as v from "valibot";

// Loose on purpose: TED returns a field as a string, a list or a language map depending on the
// field and the notice; unknown fields are kept (they end up in raw_payload).
const Text = v.union([v.string(), v.array(v.string())]);
const Scalar = v.union([v.string(), v.number()]);

/** A language map: `{eng: "..."}` or `{fra: ["lot 1", "lot 2"]}`; keys are ISO 639-3 codes in any case. */
export const TedLanguageMap = v.record(v.string(), Text);
export type TedLanguageMap = v.InferOutput<typeof TedLanguageMap>;

/** The fields of a TED v3 search result notice that the mapper reads. */
export const TedNotice = v.looseObject({
  "publication-number": v.nullish(v.string()),
  "notice-title": v.nullish(TedLanguageMap),
  "buyer-name": v.nullish(TedLanguageMap),
  "description-lot": v.nullish(TedLanguageMap),
  "publication-date": v.nullish(Text),
  "deadline-receipt-tender-date-lot": v.nullish(Text),
  "deadline-receipt-tender-time-lot": v.nullish(Text),
  "estimated-value-lot": v.nullish(v.union([Scalar, v.array(Scalar)])),
  "estimated-value-cur-lot": v.nullish(Text),
  "total-value": v.nullish(v.union([Scalar, v.array(Scalar)])),
  "total-value-cur": v.nullish(Text),
  /** `{html: {ENG: url}, pdf: {...}, xml: {MUL: url}}`. */
  links: v.nullish(v.record(v.string(), v.record(v.string(), v.string()))),
});
export type TedNotice = v.InferOutput<typeof TedNotice>;

/** A page of `POST /v3/notices/search`; notices are checked one by one by the mapper. */
export const TedSearchPage = v.looseObject({
  notices: v.array(v.unknown()),
  iterationNextToken: v.nullish(v.string()),
  totalNoticeCount: v.nullish(v.number()),
  timedOut: v.nullish(v.boolean()),
});
export type TedSearchPage = v.InferOutput<typeof TedSearchPage>;

/** A string or a list of strings as a list. */
export function asList<T>(value: T | readonly T[] | null | undefined): T[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? [...value] : [value as T];
}
