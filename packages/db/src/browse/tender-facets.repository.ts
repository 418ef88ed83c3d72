import { sql } from "kysely";
import type { Db } from "../database.js";

/** A stored tender as `tender remap` reads it: its payload and the facets stored now. */
export interface StoredTenderPayload {
  id: string;
  source_id: string;
  raw_payload: unknown;
  countries: string[];
  cpv_codes: string[];
}

/** Tenders of the source, in id order, after `afterId` (exclusive; null: from the start). */
export async function listTenderPayloadsAfter(
  db: Db,
  sourceCode: string,
  afterId: string | null,
  limit: number,
): Promise<StoredTenderPayload[]> {
  let query = db
    .selectFrom("tenders as t")
    .innerJoin("sources as s", "s.id", "t.source_id")
    .select(["t.id", "t.source_id", "t.raw_payload", "t.countries", "t.cpv_codes"])
    .where("s.code", "=", sourceCode)
    .orderBy("t.id")
    .limit(limit);
  if (afterId !== null) query = query.where("t.id", ">", afterId);
  return query.execute();
}

/** Tenders of the source, to show the progress of a remap. */
export async function countTendersOfSource(db: Db, sourceCode: string): Promise<number> {
  const row = await db
    .selectFrom("tenders as t")
    .innerJoin("sources as s", "s.id", "t.source_id")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("s.code", "=", sourceCode)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Replaces the facets of one tender when they differ; nothing else changes (not `updated_at`,
 * not the hash, no event): facets are derived data. Returns whether the row changed.
 */
export async function setTenderFacets(
  db: Db,
  id: string,
  facets: { countries: string[]; cpv_codes: string[] },
): Promise<boolean> {
  const result = await db
    .updateTable("tenders")
    .set({ countries: facets.countries, cpv_codes: facets.cpv_codes })
    .where("id", "=", id)
    .where((eb) =>
      eb.or([
        eb("countries", "is distinct from", sql<string[]>`${facets.countries}::text[]`),
        eb("cpv_codes", "is distinct from", sql<string[]>`${facets.cpv_codes}::text[]`),
      ]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The CPV codes of these tenders (one lookup by primary key), to label a Search answer; unknown ids are left out. */
export async function listTenderCpvCodes(db: Db, ids: readonly string[]): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("tenders")
    .select(["id", "cpv_codes"])
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.cpv_codes]));
}
