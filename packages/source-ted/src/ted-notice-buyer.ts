import { countryFromCode, type NoticeParty } from "@tender/ingest";
import { pickLanguage } from "./ted-language.js";
import { asList } from "./ted-notice.js";

type Fields = Record<string, unknown>;

/**
 * The buyer of a TED search result (its first `buyer-name`, English when given, and its first
 * `buyer-country`), the same for every kind of notice: a procedure's call for competition and its
 * result then name one organisation (the search fields carry no buyer identifier, the XML of a
 * result notice does: using it only there would split one buyer in two). Null without a name.
 */
export function tedNoticeBuyer(notice: unknown): NoticeParty | null {
  const fields = (typeof notice === "object" && notice !== null ? notice : {}) as Fields;
  const names = pickLanguage(
    (typeof fields["buyer-name"] === "object" ? fields["buyer-name"] : null) as Record<
      string,
      unknown
    > | null,
    (value) =>
      asList(value as string | string[]).some((name) => typeof name === "string" && name.trim() !== ""),
  );
  const name = names
    ? asList(names.value as string | string[]).find((n) => typeof n === "string" && n.trim() !== "")
    : undefined;
  if (name === undefined) return null;
  const code = asList(fields["buyer-country"] as string | string[] | undefined).find(
    (c) => typeof c === "string",
  );
  return { name, identifier: null, scheme: null, country: code === undefined ? null : countryFromCode(code) };
}
