import { AWARD_SUMMARY_LIMITS, type AwardSummary, type AwardSummaryItem } from "@tender/contracts";
import { sql } from "kysely";
import type { Db } from "../database.js";

interface SummaryRow extends AwardSummaryItem {
  tender_id: string;
  total: number;
}

/**
 * The awards in brief of these tenders (docs/api.md#browsing), by tender id, in one statement: how
 * many each has and the first `AWARD_SUMMARY_LIMITS.awards`, soonest contract end first (none
 * last, then notice order), each with its first `AWARD_SUMMARY_LIMITS.winners` winners and how
 * many it names. A tender without stored awards is absent from the map.
 */
export async function listAwardSummaries(
  db: Db,
  tenderIds: readonly string[],
): Promise<Map<string, AwardSummary>> {
  const byTender = new Map<string, AwardSummary>();
  if (tenderIds.length === 0) return byTender;
  const { rows } = await sql<SummaryRow>`
    WITH ranked AS (
      SELECT a.id, a.tender_id, a.lot, a.value, a.currency, a.contract_end,
             row_number() OVER (PARTITION BY a.tender_id ORDER BY a.contract_end ASC NULLS LAST, a.position) AS n,
             count(*) OVER (PARTITION BY a.tender_id)::int AS total
      FROM awards AS a
      WHERE a.tender_id = ANY(${[...new Set(tenderIds)]}::uuid[])
    )
    SELECT r.tender_id, r.total, r.lot, r.value, r.currency, r.contract_end,
           (SELECT count(*)::int FROM award_winners AS w WHERE w.award_id = r.id) AS winners_total,
           coalesce((SELECT json_agg(json_build_object('organisation_id', w.organisation_id, 'name', w.name,
                                                       'identifier', w.identifier, 'country', w.country)
                                     ORDER BY w.position)
                     FROM (SELECT * FROM award_winners AS x WHERE x.award_id = r.id
                           ORDER BY x.position LIMIT ${AWARD_SUMMARY_LIMITS.winners}) AS w), '[]') AS winners
    FROM ranked AS r
    WHERE r.n <= ${AWARD_SUMMARY_LIMITS.awards}
    ORDER BY r.tender_id, r.n`.execute(db);
  for (const { tender_id, total, ...award } of rows) {
    const summary = byTender.get(tender_id) ?? { awards_total: total, awards: [] };
    summary.awards.push(award);
    byTender.set(tender_id, summary);
  }
  return byTender;
}
