import { sql } from "kysely";
import type { Db } from "../database.js";
import { type LinkableProcedure, SOLE_CLAIM_SQL } from "./cross-portal.repository.js";

// The set forms of the cross-portal repository: one statement for all the procedures an ingest
// page touches instead of one per notice (docs/records.md#procedures).

/** A procedure's keys to register. */
export interface ProcedureNoticeKeys {
  procedureId: string;
  keys: readonly string[];
}

/**
 * Registers each procedure's claims on the keys its notices own (`registerProcedureNoticeKeys`
 * for many). A claim never replaces another procedure's: both stay, and a key two procedures
 * claim names neither (`SOLE_CLAIM_SQL`), whatever the order they came in. Returns the procedures
 * that gained a claim and every other claimant of those keys (a key they held alone is now
 * shared): the links from each must be made again.
 */
export async function registerNoticeKeys(db: Db, entries: readonly ProcedureNoticeKeys[]): Promise<string[]> {
  const pairs = new Map<string, [string, string]>();
  for (const { procedureId, keys } of entries)
    for (const key of keys) pairs.set(`${key}\n${procedureId}`, [key, procedureId]);
  if (pairs.size === 0) return [];
  const sorted = [...pairs.values()].sort(([a, p], [b, q]) => (a < b ? -1 : a > b ? 1 : p < q ? -1 : 1));
  const rows = await sql<{ procedure_id: string }>`
    WITH added AS (
      INSERT INTO procedure_notice_keys (notice_key, procedure_id)
      SELECT k, p FROM unnest(${sorted.map(([k]) => k)}::text[], ${sorted.map(([, p]) => p)}::uuid[]) AS x(k, p)
      ON CONFLICT (notice_key, procedure_id) DO NOTHING
      RETURNING notice_key, procedure_id)
    SELECT procedure_id FROM added
    UNION SELECT k.procedure_id FROM procedure_notice_keys k JOIN added a ON a.notice_key = k.notice_key`.execute(
    db,
  );
  return [...new Set(rows.rows.map((r) => r.procedure_id))];
}

/** The procedure rows of these ids (`findLinkableProcedure` for many). */
export async function findLinkableProcedures(db: Db, ids: readonly string[]): Promise<LinkableProcedure[]> {
  if (ids.length === 0) return [];
  const rows = await sql<LinkableProcedure>`
    SELECT id, procedure_key, linked_to FROM procedures WHERE id = ANY(${[...ids]}::uuid[])`.execute(db);
  return rows.rows;
}

/** A procedure found from another one, `from`. */
export type ProcedureEdge = LinkableProcedure & { from_id: string };

/**
 * The procedures of another source that the own notices of each procedure in `ids` name, by a
 * registered key (`findNamedProcedures` for many).
 */
export async function findNamedProceduresOf(db: Db, ids: readonly string[]): Promise<ProcedureEdge[]> {
  if (ids.length === 0) return [];
  const list = [...ids];
  const rows = await sql<ProcedureEdge>`
    WITH own AS (
      SELECT source_procedure_id AS pid, names_notice FROM tenders
      WHERE source_procedure_id = ANY(${list}::uuid[]) AND names_notice IS NOT NULL
      UNION ALL
      SELECT procedure_id, names_notice FROM tenders
      WHERE procedure_id = ANY(${list}::uuid[]) AND source_procedure_id IS NULL AND names_notice IS NOT NULL)
    SELECT DISTINCT o.pid AS from_id, q.id, q.procedure_key, q.linked_to
    FROM own o
    JOIN procedure_notice_keys k ON k.notice_key = o.names_notice AND ${SOLE_CLAIM_SQL}
    JOIN procedures q ON q.id = k.procedure_id
    JOIN procedures p ON p.id = o.pid
    WHERE q.id <> p.id AND q.source_id <> p.source_id`.execute(db);
  return rows.rows;
}

/**
 * The procedures related to each of `ids` otherwise (`findRelatedProcedures` for many): those
 * whose notices name one of its keys, those that have joined it, and the one it has joined.
 */
export async function findRelatedProceduresOf(
  db: Db,
  ids: readonly string[],
): Promise<{ from_id: string; id: string }[]> {
  if (ids.length === 0) return [];
  const list = [...ids];
  const rows = await sql<{ from_id: string; id: string }>`
    SELECT k.procedure_id AS from_id, coalesce(t.source_procedure_id, t.procedure_id) AS id
    FROM procedure_notice_keys k JOIN tenders t ON t.names_notice = k.notice_key
    WHERE k.procedure_id = ANY(${list}::uuid[]) AND t.procedure_id IS NOT NULL
    UNION SELECT linked_to, id FROM procedures WHERE linked_to = ANY(${list}::uuid[])
    UNION SELECT id, linked_to FROM procedures
    WHERE id = ANY(${list}::uuid[]) AND linked_to IS NOT NULL`.execute(db);
  return rows.rows;
}
