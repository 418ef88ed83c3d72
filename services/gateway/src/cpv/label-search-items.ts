import type { SearchResultItem } from "@tender/contracts";
import { cpvTerms, LISTED_CPV_LABELS } from "@tender/cpv";
import { type Db, listTenderCpvCodes } from "@tender/db";
import type { LabelLanguageChoice } from "./label-language.js";

/**
 * Search items with their tender's CPV codes and labels (`cpv`, the first LISTED_CPV_LABELS) when
 * the request asked for a language; unchanged otherwise. Read after the scan, from the tenders'
 * own rows: the items' order and scores stay the scan's.
 */
export async function labelSearchItems(
  db: Db,
  items: SearchResultItem[],
  lang: LabelLanguageChoice | undefined,
): Promise<SearchResultItem[]> {
  if (!lang || items.length === 0) return items;
  const codes = await listTenderCpvCodes(
    db,
    items.map((item) => item.tender_id),
  );
  return items.map((item) => ({
    ...item,
    cpv: cpvTerms((codes.get(item.tender_id) ?? []).slice(0, LISTED_CPV_LABELS), lang.cpv),
  }));
}
