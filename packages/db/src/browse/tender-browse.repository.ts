import type { Db } from "../database.js";
import type { ListedTender, ListTendersInput } from "./tender-browse-types.js";
import { SORT_KEYS, tenderPageSql } from "./tender-page-sql.js";

export type {
  ContractEndRange,
  ListedTender,
  ListTendersInput,
  TenderPosition,
} from "./tender-browse-types.js";

/**
 * One page of the tenders matching `filters` (docs/api.md#browsing), in keyset order: `published_desc`
 * (newest first), `deadline_asc` (soonest first, no deadline last), `amount_desc` (largest
 * first, no amount last) or `contract_end_asc` (earliest contract end first, none last); ties in the key fall back to the id, in the key's direction. `after`
 * continues strictly behind a tender of the previous page, so a walk returns each tender that
 * keeps its key exactly once, whatever is inserted meanwhile.
 *
 * Each page walks the sort's index from the cursor (`tenderPageSql`): first the tenders with a
 * key, then, when the page is not full yet, those without one. With a filter the walk skips the
 * rows that do not match, which is cheap unless the filter is very selective; then PostgreSQL
 * prefers the filter's own index (countries and CPV prefixes are GIN-indexed) and sorts only
 * the matching rows.
 */
export async function listTenders(db: Db, input: ListTendersInput): Promise<ListedTender[]> {
  const inUnkeyed = input.after !== undefined && input.after.key === null;
  const keyed = inUnkeyed ? [] : (await tenderPageSql(input, "keyed").execute(db)).rows;
  if (
    keyed.length >= input.limit ||
    !SORT_KEYS[input.sort].nullable(input.filters ?? {}, input.contractEnd ?? {})
  )
    return keyed;
  const rest = input.limit - keyed.length;
  const unkeyed = (await tenderPageSql({ ...input, limit: rest }, "unkeyed").execute(db)).rows;
  return [...keyed, ...unkeyed];
}
