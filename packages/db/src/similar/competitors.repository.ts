import type { CompetitorsResponse } from "@tender/contracts";
import { sql } from "kysely";
import type { Db } from "../database.js";

/** This supplier's latest won contracts the answer rests on, and the competitors listed. */
const MINE = 50;
const LISTED = 10;

/**
 * The suppliers that most often won current result or modification notices in the CPV classes
 * of this supplier's latest 50 won notices (a class: the first four digits of a code specific to
 * at least its group; three for a group-level code; division-level codes left out), most awards
 * first, name then id breaking ties; this supplier and unlinked winners left out.
 */
export async function listCompetitors(db: Db, organisationId: string): Promise<CompetitorsResponse> {
  const { rows } = await sql<{
    notices: number;
    classes: string[] | null;
    items: CompetitorsResponse["items"] | null;
  }>`
    WITH mine AS (
      SELECT t.id, t.cpv_codes FROM tenders AS t
      WHERE t.id IN (SELECT a.tender_id FROM awards AS a JOIN award_winners AS w ON w.award_id = a.id
                     WHERE w.organisation_id = ${organisationId}::uuid)
        AND t.superseded_by IS NULL
      ORDER BY t.published_at DESC, t.id LIMIT ${MINE}
    ),
    classes AS (
      SELECT DISTINCT left(c, least(4, length(rtrim(c, '0')))) AS class
      FROM mine, unnest(mine.cpv_codes) AS c WHERE length(rtrim(c, '0')) >= 3
    ),
    won AS (
      SELECT w.organisation_id, a.id AS award_id, cl.class
      FROM tenders AS t
      JOIN awards AS a ON a.tender_id = t.id
      JOIN award_winners AS w ON w.award_id = a.id
      JOIN classes AS cl ON cl.class = ANY(t.cpv_prefixes)
      -- The same condition in a form the GIN index of cpv_prefixes answers: only the notices of
      -- these classes are read, not every award notice.
      WHERE t.cpv_prefixes && (SELECT array_agg(class) FROM classes)
        AND t.kind IN ('result', 'modification') AND t.superseded_by IS NULL
        AND w.organisation_id IS NOT NULL AND w.organisation_id <> ${organisationId}::uuid
    ),
    ranked AS (
      SELECT o.id, o.name, o.country, count(DISTINCT won.award_id)::int AS awards,
             (array_agg(DISTINCT won.class ORDER BY won.class))[1:5] AS classes
      FROM won JOIN organisations AS o ON o.id = won.organisation_id
      GROUP BY o.id, o.name, o.country
      ORDER BY awards DESC, o.name, o.id
      LIMIT ${LISTED}
    )
    SELECT (SELECT count(*)::int FROM mine) AS notices,
           (SELECT array_agg(class ORDER BY class) FROM classes) AS classes,
           (SELECT json_agg(json_build_object('organisation_id', r.id, 'name', r.name, 'country', r.country,
                                              'awards', r.awards, 'classes', r.classes)
                            ORDER BY r.awards DESC, r.name, r.id) FROM ranked AS r) AS items`.execute(db);
  const row = rows[0];
  return { notices: row?.notices ?? 0, classes: row?.classes ?? [], items: row?.items ?? [] };
}
