import {
  cleanLine,
  cleanText,
  distinctLines,
  type MapResult,
  mappedRecord,
  parseSourceDate,
  parseSourcePayload,
  withFacets,
  withProcedure,
} from "@tender/ingest";
import { tedAmount } from "./ted-amount.js";
import { tedNoticePdf } from "./ted-attachment.js";
import { tedDeadline } from "./ted-deadline.js";
import { pickLanguage } from "./ted-language.js";
import { asList, type TedLanguageMap, TedNotice } from "./ted-notice.js";
import { tedNoticeFacets } from "./ted-notice-facets.js";
import { tedNoticeProcedure } from "./ted-notice-procedure.js";
import { TED_SOURCE_CODE } from "./ted-source-code.js";

const hasText = (value: string | string[]) => asList(value).some((text) => text.trim() !== "");

/**
 * Maps one notice of a TED v3 search result to a `TenderRecordV1` (pure). Text comes from the
 * English entry of each language map, else the first language present; HTML entities are
 * decoded. Every problem is reported at once, naming the record field and the TED field, e.g.
 * `buyer_name: missing in buyer-name (no language present)`.
 */
export function tedNoticeToTenderRecord(notice: unknown): MapResult {
  const parsed = parseSourcePayload(TedNotice, notice, { payload: "notice", idKey: "publication-number" });
  if (!parsed.ok) return parsed;
  const n = parsed.value;
  const problems: string[] = [];
  const publicationNumber = n["publication-number"]?.trim() || null;
  if (publicationNumber === null) problems.push("external_id: missing publication-number");

  const title = languageText(n["notice-title"], cleanLine, " ");
  if (title === null) problems.push("title: missing in notice-title (no language present)");
  const buyers = pickLanguage(n["buyer-name"], hasText);
  const buyerName = buyers ? distinctLines(asList(buyers.value)).join("; ") || null : null;
  if (buyerName === null) problems.push("buyer_name: missing in buyer-name (no language present)");

  const publication = asList(n["publication-date"])[0];
  const publishedAt = publication === undefined ? null : parseSourceDate(publication);
  if (publication === undefined) problems.push("published_at: missing publication-date");
  else if (publishedAt === null)
    problems.push(`published_at: publication-date "${publication}" is not a date`);

  const deadline = tedDeadline(n);
  if ("error" in deadline) problems.push(deadline.error);

  const htmlLinks = Object.entries(n.links ?? {}).find(([kind]) => kind.toLowerCase() === "html")?.[1];
  const sourceUrl = pickLanguage(htmlLinks, (url) => url.trim() !== "")?.value ?? null;
  if (sourceUrl === null) problems.push("source_url: missing in links.html (no language present)");

  const result = mappedRecord(publicationNumber, problems, () => ({
    source: TED_SOURCE_CODE,
    external_id: publicationNumber,
    title,
    description: languageText(n["description-lot"], cleanText, "\n\n"),
    buyer_name: buyerName,
    ...tedAmount(n),
    published_at: publishedAt,
    deadline: "deadline" in deadline ? deadline.deadline : null,
    source_url: sourceUrl,
    attachments: tedNoticePdf(publicationNumber as string, n.links),
    raw_payload: notice,
  }));
  return withProcedure(
    withFacets(result, () => tedNoticeFacets(notice)),
    () => tedNoticeProcedure(notice),
  );
}

/** The chosen language's text; several entries (lots) cleaned, de-duplicated and joined. */
function languageText(
  map: TedLanguageMap | null | undefined,
  clean: (text: string) => string | null,
  separator: string,
): string | null {
  const chosen = pickLanguage(map, hasText);
  if (!chosen) return null;
  const parts = [
    ...new Set(
      asList(chosen.value)
        .map(clean)
        .filter((text) => text !== null),
    ),
  ];
  return parts.length > 0 ? parts.join(separator) : null;
}
