import {
  type AwardTotals,
  ORGANISATION_PAGE_LIMITS as LIMITS,
  type OrganisationCounterpart,
  type OrganisationDetails,
  type OrganisationIdentifier,
  type OrganisationSpelling,
} from "@tender/contracts";
import { sql } from "kysely";
import { awardByKey, COUNTED } from "../awards/award-by-key-sql.js";
import type { Db } from "../database.js";
import { organisationRecentAwardsSql } from "./organisation-recent-awards.js";

interface SideRow {
  kind: "total" | "top" | "identifier";
  key: string | null;
  name: string | null;
  count: number;
  value: string | null;
}

/**
 * Awards won by the organisation (through `award_winners_organisation_award_idx`, then each
 * award by its key), as per-currency totals, the 10 most frequent buyers and the distinct identifiers the
 * notices gave for it: one read of its own awards, never of all awards.
 */
export function organisationAwardsWonSql(id: string) {
  return sql<SideRow>`
    WITH won AS MATERIALIZED (
      SELECT a.id, a.value, a.currency, a.buyer_organisation_id
      FROM (SELECT DISTINCT w.award_id FROM award_winners AS w WHERE w.organisation_id = ${id}::uuid) AS mine
      CROSS JOIN LATERAL (${awardByKey(sql`mine.award_id`)}) AS a),
    tops AS (
      SELECT buyer_organisation_id AS id, count(*)::int AS n FROM won
      WHERE buyer_organisation_id IS NOT NULL AND buyer_organisation_id <> ${id}::uuid
      GROUP BY 1 ORDER BY n DESC, 1 LIMIT ${LIMITS.counterparts})
    SELECT 'total' AS kind, currency AS key, NULL AS name, count(*)::int AS count, sum(value)::text AS value
    FROM won GROUP BY currency
    UNION ALL
    SELECT 'top', tops.id::text, o.name, tops.n, NULL FROM tops JOIN organisations AS o ON o.id = tops.id
    UNION ALL
    (SELECT DISTINCT 'identifier', w.scheme, w.identifier, 0, NULL
     FROM (SELECT w.scheme, w.identifier FROM award_winners AS w
           WHERE w.organisation_id = ${id}::uuid AND w.identifier IS NOT NULL LIMIT 1000) AS w
     LIMIT ${LIMITS.identifiers})`;
}

/**
 * Awards given by the organisation as buyer (through `awards_buyer_idx`), as per-currency totals
 * and the 10 most frequent winners.
 */
export function organisationAwardsGivenSql(id: string) {
  return sql<SideRow>`
    WITH given AS MATERIALIZED (
      SELECT a.id, a.value, a.currency FROM awards AS a
      WHERE a.buyer_organisation_id = ${id}::uuid AND ${COUNTED}),
    tops AS (
      SELECT w.organisation_id AS id, count(*)::int AS n
      FROM given CROSS JOIN LATERAL (
        SELECT DISTINCT w.organisation_id FROM award_winners AS w
        WHERE w.award_id = given.id AND w.organisation_id IS NOT NULL AND w.organisation_id <> ${id}::uuid
        OFFSET 0) AS w
      GROUP BY 1 ORDER BY n DESC, 1 LIMIT ${LIMITS.counterparts})
    SELECT 'total' AS kind, currency AS key, NULL AS name, count(*)::int AS count, sum(value)::text AS value
    FROM given GROUP BY currency
    UNION ALL
    SELECT 'top', tops.id::text, o.name, tops.n, NULL FROM tops JOIN organisations AS o ON o.id = tops.id`;
}

function totals(rows: SideRow[]): AwardTotals {
  const sums = rows.filter((r) => r.kind === "total");
  return {
    count: sums.reduce((sum, r) => sum + r.count, 0),
    totals: sums
      .flatMap((r) => (r.key !== null && r.value !== null ? [{ currency: r.key, value: r.value }] : []))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}

const counterparts = (rows: SideRow[]): OrganisationCounterpart[] =>
  rows
    .filter((r) => r.kind === "top")
    .map((r) => ({ id: r.key as string, name: r.name as string, count: r.count }))
    .sort((a, b) => b.count - a.count || a.id.localeCompare(b.id));

/**
 * An organisation's first 100 spellings (first seen first), each with the notice that gave it
 * and the other organisations (at most 5) with a spelling of the same confusable skeleton written
 * differently: a look-alike. Through the names' primary key, then `organisation_names_skeleton_idx`.
 */
export function organisationSpellingsSql(id: string) {
  return sql<OrganisationSpelling>`
    SELECT n.name,
           CASE WHEN t.id IS NULL THEN NULL
                ELSE json_build_object('tender_id', t.id, 'source', s.code, 'external_id', t.external_id) END AS notice,
           (SELECT coalesce(json_agg(json_build_object('id', x.id, 'name', x.name) ORDER BY x.name, x.id), '[]')
            FROM (SELECT DISTINCT o.id, o.name
                  FROM organisation_names AS m JOIN organisations AS o ON o.id = m.organisation_id
                  WHERE m.skeleton = n.skeleton AND m.organisation_id <> n.organisation_id AND m.name <> n.name
                  ORDER BY o.name, o.id LIMIT ${LIMITS.looksLike}) AS x) AS looks_like
    FROM (SELECT * FROM organisation_names WHERE organisation_id = ${id}::uuid
          ORDER BY first_seen_at, name LIMIT ${LIMITS.names}) AS n
    LEFT JOIN tenders AS t ON t.id = n.tender_id
    LEFT JOIN sources AS s ON s.id = t.source_id
    ORDER BY n.first_seen_at, n.name`;
}

/**
 * An organisation's page (docs/api.md#organisations); undefined when no organisation has this
 * id. Five reads, each through an index on the organisation's id.
 */
export async function findOrganisationDetails(db: Db, id: string): Promise<OrganisationDetails | undefined> {
  const organisation = await db
    .selectFrom("organisations")
    .select(["id", "name", "country", "identifier", "scheme", "is_buyer", "is_supplier"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!organisation) return undefined;
  const [names, won, given, recent] = await Promise.all([
    organisationSpellingsSql(id).execute(db),
    organisationAwardsWonSql(id).execute(db),
    organisationAwardsGivenSql(id).execute(db),
    organisationRecentAwardsSql(id).execute(db),
  ]);
  const identifiers: OrganisationIdentifier[] = [];
  const seen = new Set<string>();
  const own = organisation.identifier ? [{ key: organisation.scheme, name: organisation.identifier }] : [];
  for (const row of [...own, ...won.rows.filter((r) => r.kind === "identifier")]) {
    const entry = { scheme: row.key, id: row.name as string };
    const key = `${entry.scheme}\u0000${entry.id}`;
    if (seen.has(key) || identifiers.length >= LIMITS.identifiers) continue;
    seen.add(key);
    identifiers.push(entry);
  }
  return {
    id: organisation.id,
    name: organisation.name,
    names: names.rows.map((n) => n.name),
    spellings: names.rows,
    identifiers,
    country: organisation.country,
    roles: [
      ...(organisation.is_buyer ? (["buyer"] as const) : []),
      ...(organisation.is_supplier ? (["supplier"] as const) : []),
    ],
    awards_won: totals(won.rows),
    awards_given: totals(given.rows),
    recent_awards: recent.rows.map(({ award_id: _id, ...award }) => award),
    top_buyers: counterparts(won.rows),
    top_suppliers: counterparts(given.rows),
  };
}
