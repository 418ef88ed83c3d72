import { sql } from "kysely";
import type { Db } from "../database.js";

/**
 * Takes the lock of each notice key (until the caller's transaction ends), in sorted order. A
 * notice naming a key and the notice registering it take the same lock, so the second of two
 * concurrent syncs (one per portal) sees what the first committed and links the pair.
 */
export async function lockNoticeKeys(db: Db, keys: readonly string[]): Promise<void> {
  const sorted = [...new Set(keys)].sort();
  if (sorted.length === 0) return;
  // One round trip: a function scan yields the array in its order, so the locks are taken sorted.
  await sql`SELECT pg_advisory_xact_lock(hashtextextended('notice-key:' || k, 0))
    FROM unnest(${sorted}::text[]) AS k`.execute(db);
}

/**
 * Registers the keys a procedure's notice owns (its claims); a key another procedure claims stays
 * theirs too (neither is then named by it: `SOLE_CLAIM_SQL`), never moves here.
 */
export async function registerProcedureNoticeKeys(
  db: Db,
  procedureId: string,
  keys: readonly string[],
): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insertInto("procedure_notice_keys")
    .values([...new Set(keys)].map((notice_key) => ({ notice_key, procedure_id: procedureId })))
    .onConflict((oc) => oc.columns(["notice_key", "procedure_id"]).doNothing())
    .execute();
}

/** A procedure as cross-portal linking reads it. */
export interface LinkableProcedure {
  id: string;
  procedure_key: string;
  linked_to: string | null;
}

/** The procedure row, or undefined. */
export async function findLinkableProcedure(db: Db, id: string): Promise<LinkableProcedure | undefined> {
  return db
    .selectFrom("procedures")
    .select(["id", "procedure_key", "linked_to"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/**
 * True for a claim `k` on a key no other procedure claims: only such a key names a procedure
 * (docs/records.md#procedures, "Who owns a key"), so a second claim blocks a link, never steals it.
 */
export const SOLE_CLAIM_SQL = sql<boolean>`NOT EXISTS (
  SELECT 1 FROM procedure_notice_keys other
  WHERE other.notice_key = k.notice_key AND other.procedure_id <> k.procedure_id)`;

// The notices whose own procedure is `id`: those standing in it, and those it lent to another.
const ownNotices = (id: string) => sql<boolean>`(t.source_procedure_id = ${id}
  OR (t.procedure_id = ${id} AND t.source_procedure_id IS NULL))`;

/** The procedures of another source that the notices of procedure `id` name (by a registered key). */
export async function findNamedProcedures(db: Db, id: string): Promise<LinkableProcedure[]> {
  const rows = await sql<LinkableProcedure>`
    SELECT DISTINCT q.id, q.procedure_key, q.linked_to
    FROM tenders t
    JOIN procedure_notice_keys k ON k.notice_key = t.names_notice AND ${SOLE_CLAIM_SQL}
    JOIN procedures q ON q.id = k.procedure_id
    JOIN procedures p ON p.id = ${id}
    WHERE ${ownNotices(id)} AND q.id <> p.id AND q.source_id <> p.source_id`.execute(db);
  return rows.rows;
}

/**
 * The procedures related to `id` otherwise: those whose notices name one of its keys, those that
 * have joined it, and the one it has joined.
 */
export async function findRelatedProcedures(db: Db, id: string): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    SELECT coalesce(t.source_procedure_id, t.procedure_id) AS id
    FROM procedure_notice_keys k JOIN tenders t ON t.names_notice = k.notice_key
    WHERE k.procedure_id = ${id} AND t.procedure_id IS NOT NULL
    UNION SELECT id FROM procedures WHERE linked_to = ${id}
    UNION SELECT linked_to FROM procedures WHERE id = ${id} AND linked_to IS NOT NULL`.execute(db);
  return rows.rows.map((r) => r.id);
}

/**
 * Puts the notices of procedure `id` into procedure `root` (itself: back on their own) and
 * records the join on the procedure. Returns the procedures whose notices changed (to link again).
 */
export async function joinProcedure(db: Db, id: string, root: string): Promise<string[]> {
  const linkedTo = root === id ? null : root;
  await db
    .updateTable("procedures")
    .set({ linked_to: linkedTo })
    .where("id", "=", id)
    .where("linked_to", "is distinct from", linkedTo)
    .execute();
  const moved = await sql<{ previous: string }>`
    UPDATE tenders AS t SET procedure_id = ${root}, source_procedure_id = ${linkedTo === null ? null : id}
    FROM tenders AS old
    WHERE old.id = t.id AND ${ownNotices(id)}
      AND (t.procedure_id, t.source_procedure_id) IS DISTINCT FROM (${root}::uuid, ${linkedTo === null ? null : id}::uuid)
    RETURNING old.procedure_id AS previous`.execute(db);
  if (moved.rows.length === 0) return [];
  return [...new Set([root, ...moved.rows.map((r) => r.previous)])];
}

/** Where the notices of procedure `id` stand: the procedure it has joined, else itself. */
export async function effectiveProcedure(db: Db, id: string): Promise<string> {
  const row = await findLinkableProcedure(db, id);
  return row?.linked_to ?? id;
}
