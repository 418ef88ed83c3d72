import { countryFromCode, noticeBuyerKeys } from "@tender/ingest";
import { asList } from "./ted-notice.js";

/**
 * The buyer keys of a TED search result (`noticeBuyerKeys`): every `buyer-name` in every language
 * (joint procurement names several buyers, and a change may add a translation), with the first
 * `buyer-country`. What a notice must share with another to change it (docs/records.md#procedures):
 * a notice reusing another buyer's `procedure-identifier` stands beside that buyer's notices.
 */
export function tedNoticeBuyerKeys(notice: unknown): string[] {
  const fields = (typeof notice === "object" && notice !== null ? notice : {}) as Record<string, unknown>;
  const byLanguage = fields["buyer-name"];
  const names =
    typeof byLanguage === "object" && byLanguage !== null && !Array.isArray(byLanguage)
      ? Object.values(byLanguage).flatMap((value) => asList(value as string | string[]))
      : asList(byLanguage as string | string[] | undefined);
  const code = asList(fields["buyer-country"] as string | string[] | undefined).find(
    (c) => typeof c === "string",
  );
  const country = code === undefined ? null : countryFromCode(code);
  return noticeBuyerKeys(
    names
      .filter((name): name is string => typeof name === "string" && name.trim() !== "")
      .map((name) => ({ name, identifier: null, scheme: null, country })),
  );
}
