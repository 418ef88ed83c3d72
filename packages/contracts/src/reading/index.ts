// Reading what sources publish, shared by the parsers and the sources: dates, country codes and
// the one table of notice kinds.
export { countryFromCode, countryFromName } from "./country-from-code.js";
export { type NoticeKindInput, noticeKindOf } from "./notice-kind-of.js";
export { NOTICE_KIND_TABLE } from "./notice-kind-table.js";
export { ocdsTagsKind } from "./ocds-tags-kind.js";
export { combineDateAndTime, parseSourceDate } from "./parse-source-date.js";
