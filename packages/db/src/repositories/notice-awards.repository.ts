import { AWARD_LIMITS, type Award, type AwardWinner } from "@tender/contracts";
import { sql } from "kysely";
import type { Db } from "../database.js";

interface NoticeAwardRow extends Omit<Award, "winners"> {
  tender_id: string;
  winners: AwardWinner[];
}

/**
 * The awards (API form, docs/api.md#awards) of each of these notices, in one statement that
 * reads `awards_tender_position` and the winners' primary key: each notice's in notice order,
 * cut as the tender card cuts them (its first `AWARD_LIMITS.awards`, and of those only as many
 * as name at most `AWARD_LIMITS.noticeWinners` winners in all), per notice, so one notice with
 * a huge list neither crowds out the others nor makes the answer unbounded. A notice without
 * stored awards is absent from the map.
 */
export async function listNoticeAwards(db: Db, tenderIds: readonly string[]): Promise<Map<string, Award[]>> {
  const byTender = new Map<string, Award[]>();
  if (tenderIds.length === 0) return byTender;
  const { rows } = await sql<NoticeAwardRow>`
    WITH ranked AS (
      SELECT a.*, row_number() OVER notice AS n,
             sum((SELECT count(*) FROM award_winners AS w WHERE w.award_id = a.id)) OVER notice AS named
      FROM awards AS a
      WHERE a.tender_id = ANY(${[...new Set(tenderIds)]}::uuid[])
      WINDOW notice AS (PARTITION BY a.tender_id ORDER BY a.position)
    )
    SELECT r.tender_id, r.lot, r.value, r.currency, r.decided_at, r.contract_signed_at, r.contract_end,
           r.tenders_received,
           coalesce((SELECT json_agg(json_build_object('organisation_id', w.organisation_id, 'name', w.name,
                                                       'identifier', w.identifier, 'country', w.country)
                                     ORDER BY w.position)
                     FROM award_winners AS w WHERE w.award_id = r.id), '[]') AS winners
    FROM ranked AS r
    WHERE r.n <= ${AWARD_LIMITS.awards} AND r.named <= ${AWARD_LIMITS.noticeWinners}
    ORDER BY r.tender_id, r.position`.execute(db);
  for (const { tender_id, ...award } of rows) {
    const list = byTender.get(tender_id) ?? [];
    list.push(award);
    byTender.set(tender_id, list);
  }
  return byTender;
}
