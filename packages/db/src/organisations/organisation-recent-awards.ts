import { ORGANISATION_PAGE_LIMITS as LIMITS, type OrganisationAward } from "@tender/contracts";
import { sql } from "kysely";
import { awardByKey } from "../awards/award-by-key-sql.js";

/**
 * The organisation's 20 latest awards, won or given (decision date, newest first; undated last;
 * id breaking ties), with their tender, buyer, first 10 winners and the notice each came from. Reads the organisation's
 * awards through `award_winners_organisation_award_idx` and `awards_buyer_idx`, then 20 tenders by key.
 */
export function organisationRecentAwardsSql(id: string) {
  return sql<OrganisationAward & { award_id: string }>`
    WITH mine AS (
      SELECT award_id AS id, max(role) AS role FROM (
        SELECT w.award_id, 'supplier' AS role FROM award_winners AS w WHERE w.organisation_id = ${id}::uuid
        UNION ALL
        SELECT a.id, 'buyer' FROM awards AS a WHERE a.buyer_organisation_id = ${id}::uuid) AS both_roles
      GROUP BY award_id),
    recent AS (
      SELECT a.*, mine.role FROM mine CROSS JOIN LATERAL (${awardByKey(sql`mine.id`)}) AS a
      ORDER BY a.decided_at DESC NULLS LAST, a.id LIMIT ${LIMITS.recentAwards})
    SELECT r.id AS award_id, r.role, t.id AS tender_id, t.title AS tender_title, r.lot, r.value, r.currency,
           r.decided_at, r.contract_end,
           json_build_object('id', b.id, 'name', coalesce(b.name, t.buyer_name)) AS buyer,
           (SELECT coalesce(json_agg(json_build_object('id', x.id, 'name', x.name) ORDER BY x.position), '[]')
            FROM (SELECT w.position, w.organisation_id AS id, coalesce(o.name, w.name) AS name
                  FROM award_winners AS w LEFT JOIN organisations AS o ON o.id = w.organisation_id
                  WHERE w.award_id = r.id AND coalesce(o.name, w.name) IS NOT NULL
                  ORDER BY w.position LIMIT ${LIMITS.winnersPerAward}) AS x) AS winners,
           json_build_object('tender_id', t.id, 'source', s.code, 'external_id', t.external_id) AS notice
    FROM recent AS r
    JOIN tenders AS t ON t.id = r.tender_id
    JOIN sources AS s ON s.id = t.source_id
    LEFT JOIN organisations AS b ON b.id = r.buyer_organisation_id
    ORDER BY r.decided_at DESC NULLS LAST, r.id`;
}
