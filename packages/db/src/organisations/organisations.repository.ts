import { nameSkeleton } from "@tender/organisations";
import { sql } from "kysely";
import type { Db } from "../database.js";

/** An organisation as one notice names it, under its `organisationKey`. */
export interface OrganisationMention {
  key: string;
  name: string;
  country: string | null;
  identifier: string | null;
  scheme: string | null;
  buyer: boolean;
  supplier: boolean;
}

// Rows per statement: 7 parameters each, far below PostgreSQL's 65,535.
const CHUNK = 1000;

/**
 * Creates or updates the organisations of `mentions` (docs/records.md#awards-and-organisations)
 * in the caller's transaction and returns their ids by key. Upserts on `org_key`, so concurrent
 * syncs naming the same new organisation create one row; keys and spellings are written in key
 * order, so two transactions naming the same organisations lock them in the same order and
 * never deadlock. A known organisation is written only when it gains a role; every spelling
 * not seen before becomes a row of `organisation_names` with its look-alike skeleton and, given
 * `from`, the notice that gives it (a spelling first written without one gets it from the first
 * notice stored that names it). The first spelling seen stays its name.
 */
export async function upsertOrganisations(
  db: Db,
  mentions: readonly OrganisationMention[],
  from: { tenderId: string } | null = null,
): Promise<Map<string, string>> {
  const merged = new Map<string, OrganisationMention & { names: Set<string> }>();
  for (const m of mentions) {
    const seen = merged.get(m.key);
    if (seen === undefined) merged.set(m.key, { ...m, names: new Set([m.name]) });
    else {
      seen.buyer ||= m.buyer;
      seen.supplier ||= m.supplier;
      seen.names.add(m.name);
    }
  }
  const rows = [...merged.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const ids = new Map<string, string>();
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const written = await db
      .insertInto("organisations")
      .values(
        chunk.map((r) => ({
          org_key: r.key,
          name: r.name,
          country: r.country,
          identifier: r.identifier,
          scheme: r.scheme,
          is_buyer: r.buyer,
          is_supplier: r.supplier,
        })),
      )
      .onConflict((oc) =>
        oc
          .column("org_key")
          .doUpdateSet({
            is_buyer: sql`organisations.is_buyer OR excluded.is_buyer`,
            is_supplier: sql`organisations.is_supplier OR excluded.is_supplier`,
            updated_at: sql`now()`,
          })
          .where(
            sql<boolean>`(excluded.is_buyer AND NOT organisations.is_buyer) OR (excluded.is_supplier AND NOT organisations.is_supplier)`,
          ),
      )
      .returning(["id", "org_key"])
      .execute();
    for (const row of written) ids.set(row.org_key, row.id);
    const missing = chunk.map((r) => r.key).filter((key) => !ids.has(key));
    if (missing.length > 0) {
      const found = await db
        .selectFrom("organisations")
        .select(["id", "org_key"])
        .where("org_key", "in", missing)
        .execute();
      for (const row of found) ids.set(row.org_key, row.id);
    }
  }
  const names = rows
    .flatMap((r) =>
      [...r.names].sort().map((name) => ({
        organisation_id: ids.get(r.key) as string,
        name,
        skeleton: nameSkeleton(name),
        tender_id: from?.tenderId ?? null,
      })),
    )
    .filter((row) => row.organisation_id !== undefined);
  for (let i = 0; i < names.length; i += CHUNK) {
    await db
      .insertInto("organisation_names")
      .values(names.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc
          .columns(["organisation_id", "name"])
          // A spelling the shown-name trigger (or an earlier page) wrote without these gets them;
          // one that has them keeps them.
          .doUpdateSet({
            skeleton: sql`excluded.skeleton`,
            tender_id: sql`coalesce(organisation_names.tender_id, excluded.tender_id)`,
          })
          .where(
            sql<boolean>`organisation_names.skeleton IS NULL OR (organisation_names.tender_id IS NULL AND excluded.tender_id IS NOT NULL)`,
          ),
      )
      .execute();
  }
  return ids;
}
