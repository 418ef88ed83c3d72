import { AWARD_LIMITS, type Award, type AwardWinner } from "@tender/contracts";
import { sql } from "kysely";
import type { Db } from "../database.js";
import type { AwardRow, AwardWinnersTable } from "./awards.table.js";

/** A winner to store: as the notice writes it, with its organisation. */
export type StoredAwardWinner = Omit<AwardWinnersTable, "award_id" | "position">;

/** An award to store, its winners in notice order; `framework` absent: not said (null). */
export type StoredAward = Omit<
  AwardRow,
  "id" | "tender_id" | "position" | "buyer_organisation_id" | "framework"
> & {
  framework?: boolean | null;
  winners: StoredAwardWinner[];
};

// Rows per statement, far below PostgreSQL's 65,535 parameters.
const CHUNK = 1000;

/**
 * The stored awards of a tender, in notice order, as `replaceTenderAwards` took them, and the
 * buyer organisation they point to (null when none or no awards).
 */
export async function listStoredAwards(
  db: Db,
  tenderId: string,
): Promise<{ awards: StoredAward[]; buyerOrganisationId: string | null }> {
  const awards = await db
    .selectFrom("awards")
    .select([
      "id",
      "lot",
      "status",
      "value",
      "currency",
      "decided_at",
      "contract_signed_at",
      "contract_end",
      "tenders_received",
      "framework",
      "buyer_organisation_id",
    ])
    .where("tender_id", "=", tenderId)
    .orderBy("position")
    .execute();
  const winners = await winnersOf(
    db,
    awards.map((a) => a.id),
  );
  return {
    awards: awards.map(({ id, buyer_organisation_id: _b, ...award }) => ({
      ...award,
      winners: (winners.get(id) ?? []).map(({ award_id: _a, position: _p, ...w }) => w),
    })),
    buyerOrganisationId: awards[0]?.buyer_organisation_id ?? null,
  };
}

/**
 * Replaces a tender's awards and their winners (in the caller's transaction), each award
 * pointing to the notice's buyer organisation.
 */
export async function replaceTenderAwards(
  db: Db,
  tenderId: string,
  awards: readonly StoredAward[],
  buyerOrganisationId: string | null,
): Promise<void> {
  await db.deleteFrom("awards").where("tender_id", "=", tenderId).execute();
  for (let i = 0; i < awards.length; i += CHUNK) {
    const chunk = awards.slice(i, i + CHUNK);
    const inserted = await db
      .insertInto("awards")
      .values(
        chunk.map(({ winners: _w, ...award }, offset) => ({
          ...award,
          tender_id: tenderId,
          position: i + offset,
          buyer_organisation_id: buyerOrganisationId,
        })),
      )
      .returning(["id", "position"])
      .execute();
    const rows = inserted.flatMap(({ id, position }) =>
      (awards[position]?.winners ?? []).map((winner, p) => ({ ...winner, award_id: id, position: p })),
    );
    for (let j = 0; j < rows.length; j += CHUNK) {
      await db
        .insertInto("award_winners")
        .values(rows.slice(j, j + CHUNK))
        .execute();
    }
  }
}

/**
 * Sets a tender's buyer organisation, why its awards could not be read and its earliest
 * contract end (browse's `contract_end_asc`); writes only when one differs.
 */
export async function setTenderAwardFacts(
  db: Db,
  tenderId: string,
  facts: { buyerOrganisationId: string | null; awardsUnreadable: string | null; contractEnd: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable("tenders")
    .set({
      buyer_organisation_id: facts.buyerOrganisationId,
      awards_unreadable: facts.awardsUnreadable,
      contract_end: facts.contractEnd,
    })
    .where("id", "=", tenderId)
    .where((eb) =>
      eb.or([
        eb("buyer_organisation_id", "is distinct from", facts.buyerOrganisationId),
        eb("awards_unreadable", "is distinct from", facts.awardsUnreadable),
        eb(sql`contract_end`, "is distinct from", sql`${facts.contractEnd}::date`),
      ]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

interface AwardOfTenderRow extends Omit<Award, "winners"> {
  tender_id: string;
  winners: AwardWinner[];
}

/**
 * The awards (API form, docs/api.md#awards) of these tenders by tender id, each tender's in
 * notice order (tenders in the order given), in one statement through `awards_tender_position`
 * and the winners' primary key, cut so an answer stays bounded: the first `limit.awards`, and of
 * those only as many as name at most `limit.winners` winners in all — counted over the whole list
 * (`per: "list"`: a procedure's answer) or for each tender alone (`per: "tender"`: one notice with a
 * huge list neither crowds out the others nor makes the answer unbounded). A tender without stored
 * awards is absent from the map.
 */
export async function listAwardsOfTenders(
  db: Db,
  tenderIds: readonly string[],
  limit: { awards: number; winners: number; per: "list" | "tender" },
): Promise<Map<string, Award[]>> {
  const byTender = new Map<string, Award[]>();
  if (tenderIds.length === 0) return byTender;
  const ids = [...new Set(tenderIds)];
  const order = sql`array_position(${ids}::uuid[], a.tender_id), a.position`;
  const { rows } = await sql<AwardOfTenderRow>`
    WITH ranked AS (
      SELECT a.*, row_number() OVER cut AS n,
             sum((SELECT count(*) FROM award_winners AS w WHERE w.award_id = a.id)) OVER cut AS named
      FROM awards AS a
      WHERE a.tender_id = ANY(${ids}::uuid[])
      WINDOW cut AS (${limit.per === "tender" ? sql`PARTITION BY a.tender_id` : sql``} ORDER BY ${order})
    )
    SELECT a.tender_id, a.lot, a.value, a.currency, a.decided_at, a.contract_signed_at, a.contract_end,
           a.tenders_received,
           coalesce((SELECT json_agg(json_build_object('organisation_id', w.organisation_id, 'name', w.name,
                                                       'identifier', w.identifier, 'country', w.country)
                                     ORDER BY w.position)
                     FROM award_winners AS w WHERE w.award_id = a.id), '[]') AS winners
    FROM ranked AS a
    WHERE a.n <= ${limit.awards} AND a.named <= ${limit.winners}
    ORDER BY ${order}`.execute(db);
  for (const { tender_id, ...award } of rows) {
    const list = byTender.get(tender_id) ?? [];
    list.push(award);
    byTender.set(tender_id, list);
  }
  return byTender;
}

/**
 * The awards of each of these notices as the tender card answers them: each notice's cut alone
 * at `AWARD_LIMITS.awards` awards naming at most `AWARD_LIMITS.noticeWinners` winners.
 */
export function listNoticeAwards(db: Db, tenderIds: readonly string[]): Promise<Map<string, Award[]>> {
  return listAwardsOfTenders(db, tenderIds, {
    awards: AWARD_LIMITS.awards,
    winners: AWARD_LIMITS.noticeWinners,
    per: "tender",
  });
}

async function winnersOf(db: Db, awardIds: readonly string[]): Promise<Map<string, AwardWinnersTable[]>> {
  const byAward = new Map<string, AwardWinnersTable[]>();
  for (let i = 0; i < awardIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom("award_winners")
      .selectAll()
      .where("award_id", "in", awardIds.slice(i, i + CHUNK))
      .orderBy("award_id")
      .orderBy("position")
      .execute();
    for (const row of rows) {
      const list = byAward.get(row.award_id) ?? [];
      list.push(row);
      byAward.set(row.award_id, list);
    }
  }
  return byAward;
}
