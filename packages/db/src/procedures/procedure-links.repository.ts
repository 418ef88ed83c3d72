import type { NoticeChange, NoticeKind } from "@tender/contracts";
import { sql } from "kysely";
import type { Db } from "../database.js";
import type { StoredProcedureNotice } from "./procedures.repository.js";

// The set forms of the procedures repository: one statement for all the notices of an ingest page
// instead of one per notice, since round trips, not rows, are what linking costs.

/** A procedure row as linking locks it. */
export interface LockedProcedure {
  id: string;
  procedure_key: string;
  /** The procedure its notices stand in (0028), or null: its own. */
  linked_to: string | null;
}

/**
 * The source's procedures with these keys, created when new, and locked (`FOR UPDATE`, in key
 * order so two linkers never wait on each other in a circle) until the caller's transaction ends.
 */
export async function lockProcedures(
  db: Db,
  sourceId: string,
  procedureKeys: readonly string[],
): Promise<LockedProcedure[]> {
  const keys = [...new Set(procedureKeys)].sort();
  if (keys.length === 0) return [];
  await sql`
    INSERT INTO procedures (source_id, procedure_key)
    SELECT ${sourceId}::uuid, k FROM unnest(${keys}::text[]) AS k
    ON CONFLICT ON CONSTRAINT procedures_source_key DO NOTHING`.execute(db);
  const rows = await sql<LockedProcedure>`
    SELECT id, procedure_key, linked_to FROM procedures
    WHERE source_id = ${sourceId}::uuid AND procedure_key = ANY(${keys}::text[])
    ORDER BY procedure_key FOR UPDATE`.execute(db);
  return rows.rows;
}

/** A procedure row as an ingest page reads it before storing its records. */
export interface PageProcedure extends LockedProcedure {
  /** Created by this call. */
  created: boolean;
}

/**
 * The source's procedures with these keys, created when new, in one statement and without a lock
 * (an unchanged page must write nothing): where a new tender is inserted, which linking checks
 * under the lock (`lockProcedures`) at the end of the page. Callers of one source take turns on
 * its row, so no other creates the same keys meanwhile.
 */
export async function createProcedures(
  db: Db,
  sourceId: string,
  procedureKeys: readonly string[],
): Promise<PageProcedure[]> {
  const keys = [...new Set(procedureKeys)].sort();
  if (keys.length === 0) return [];
  // The outer SELECT does not see the CTE's rows (one snapshot): each key comes once.
  const rows = await sql<PageProcedure>`
    WITH created AS (
      INSERT INTO procedures (source_id, procedure_key)
      SELECT ${sourceId}::uuid, k FROM unnest(${keys}::text[]) AS k
      ON CONFLICT ON CONSTRAINT procedures_source_key DO NOTHING
      RETURNING id, procedure_key, linked_to)
    SELECT id, procedure_key, linked_to, true AS created FROM created
    UNION ALL
    SELECT id, procedure_key, linked_to, false FROM procedures
    WHERE source_id = ${sourceId}::uuid AND procedure_key = ANY(${keys}::text[])`.execute(db);
  return rows.rows;
}

/**
 * Deletes those of these procedures that no tender stands in or belongs to: created for an
 * ingest page ahead of its records (`createProcedures`), they stay empty when every record naming
 * them was quarantined.
 */
export async function deleteEmptyProcedures(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    DELETE FROM procedures p WHERE p.id = ANY(${[...ids]}::uuid[])
      AND NOT EXISTS (SELECT 1 FROM tenders t WHERE t.procedure_id = p.id)
      AND NOT EXISTS (SELECT 1 FROM tenders t WHERE t.source_procedure_id = p.id)`.execute(db);
}

/** A tender's place as its source maps it, to compare with the stored one. */
export interface TenderPlaceCheck {
  tenderId: string;
  procedureKey: string;
  kind: NoticeKind;
  supersedesExternalId: string | null;
  namesNotice: string | null;
  /** Its buyers (0031), as `buyer_keys` stores them. */
  buyerKeys: readonly string[];
  /** Keys its procedure must hold (0028). */
  noticeKeys: readonly string[];
}

/**
 * The tenders that already stand in their source's procedure as given (`tenderProcedureIs` for
 * many): a plain read, so a re-crawl of unchanged notices locks and writes nothing.
 */
export async function findTendersInPlace(db: Db, checks: readonly TenderPlaceCheck[]): Promise<Set<string>> {
  if (checks.length === 0) return new Set();
  const input = checks.map((c) => ({
    tender_id: c.tenderId,
    procedure_key: c.procedureKey,
    kind: c.kind,
    supersedes: c.supersedesExternalId,
    names: c.namesNotice,
    buyers: [...c.buyerKeys],
    keys: [...new Set(c.noticeKeys)],
  }));
  const rows = await sql<{ id: string }>`
    SELECT t.id
    FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
      AS c(tender_id uuid, procedure_key text, kind text, supersedes text, names text, buyers text[],
        keys text[])
    JOIN tenders t ON t.id = c.tender_id
    JOIN procedures p ON p.id = coalesce(t.source_procedure_id, t.procedure_id)
    WHERE p.procedure_key = c.procedure_key AND t.kind = c.kind
      AND t.supersedes_external_id IS NOT DISTINCT FROM c.supersedes
      AND t.names_notice IS NOT DISTINCT FROM c.names AND t.buyer_keys = c.buyers
      AND (SELECT count(*) FROM procedure_notice_keys k
           WHERE k.procedure_id = p.id AND k.notice_key = ANY(c.keys)) = cardinality(c.keys)`.execute(db);
  return new Set(rows.rows.map((r) => r.id));
}

/** A tender's place to store. */
export interface TenderPlace {
  tenderId: string;
  procedureId: string;
  sourceProcedureId: string | null;
  kind: NoticeKind;
  supersedesExternalId: string | null;
  namesNotice: string | null;
  buyerKeys: readonly string[];
}

/** What a tender's place was before `setTenderProcedures` changed it. */
export interface PreviousPlace {
  procedureId: string | null;
  namesNotice: string | null;
}

/**
 * Stores each tender's procedure, kind, named predecessor and named notice where they differ
 * (`setTenderProcedure` for many; one place per tender). Returns, per changed tender, what it was.
 */
export async function setTenderProcedures(
  db: Db,
  places: readonly TenderPlace[],
): Promise<Map<string, PreviousPlace>> {
  if (places.length === 0) return new Map();
  const input = places.map((p) => ({
    tender_id: p.tenderId,
    procedure_id: p.procedureId,
    source_procedure_id: p.sourceProcedureId,
    kind: p.kind,
    supersedes: p.supersedesExternalId,
    names: p.namesNotice,
    buyers: [...p.buyerKeys],
  }));
  const rows = await sql<{ id: string; previous: string | null; previous_names: string | null }>`
    UPDATE tenders AS t SET procedure_id = v.procedure_id, source_procedure_id = v.source_procedure_id,
      kind = v.kind, supersedes_external_id = v.supersedes, names_notice = v.names, buyer_keys = v.buyers
    FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS v(tender_id uuid, procedure_id uuid,
        source_procedure_id uuid, kind text, supersedes text, names text, buyers text[]),
      tenders AS old
    WHERE t.id = v.tender_id AND old.id = t.id
      AND (t.procedure_id, t.source_procedure_id, t.kind, t.supersedes_external_id, t.names_notice, t.buyer_keys)
        IS DISTINCT FROM (v.procedure_id, v.source_procedure_id, v.kind, v.supersedes, v.names, v.buyers)
    RETURNING t.id, old.procedure_id AS previous, old.names_notice AS previous_names`.execute(db);
  return new Map(rows.rows.map((r) => [r.id, { procedureId: r.previous, namesNotice: r.previous_names }]));
}

/**
 * The notices of these procedures, each with its procedure (`listProcedureNotices` for many):
 * one index scan of `tenders_procedure_idx` per procedure (the fenced LATERAL keeps the planner
 * from trading them for a pass over the table when the page's procedures are a large share of it).
 */
export async function listProceduresNotices(
  db: Db,
  procedureIds: readonly string[],
): Promise<(StoredProcedureNotice & { procedure_id: string; home_source_id: string })[]> {
  if (procedureIds.length === 0) return [];
  const rows = await sql<StoredProcedureNotice & { procedure_id: string; home_source_id: string }>`
    SELECT t.id, t.external_id, t.kind, t.supersedes_external_id, t.published_at, t.title, t.deadline,
      t.amount, t.currency, t.superseded_by, t.changes, t.procedure_id, t.source_id, t.buyer_keys,
      t.beside, home.source_id AS home_source_id,
      -- Its documents, read as procedureNoticesQuery reads them.
      array(
        SELECT DISTINCT coalesce(a.title, a.filename) FROM attachments a
        WHERE a.tender_id = t.id AND a.download_status <> 'skipped'
          AND strpos(a.source_url, '/' || t.external_id || '/') = 0
        ORDER BY 1) AS documents
    FROM unnest(${[...new Set(procedureIds)]}::uuid[]) AS p(id)
    JOIN procedures AS home ON home.id = p.id
    CROSS JOIN LATERAL (SELECT * FROM tenders WHERE procedure_id = p.id OFFSET 0) AS t`.execute(db);
  return rows.rows;
}

/** Where a notice stands in its procedure. */
export interface NoticeLinkRow {
  tenderId: string;
  supersededBy: string | null;
  changes: NoticeChange[] | null;
  /** It stands beside the procedure's own notices (0031). */
  beside: boolean;
}

/** Stores each notice's link where it differs (`setNoticeLink` for many); returns how many changed. */
export async function setNoticeLinks(db: Db, links: readonly NoticeLinkRow[]): Promise<number> {
  if (links.length === 0) return 0;
  const input = links.map((l) => ({
    id: l.tenderId,
    superseded_by: l.supersededBy,
    changes: l.changes,
    beside: l.beside,
  }));
  const result = await sql`
    UPDATE tenders AS t SET superseded_by = v.superseded_by, changes = v.changes, beside = v.beside
    FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
      AS v(id uuid, superseded_by uuid, changes jsonb, beside boolean)
    WHERE t.id = v.id
      AND (t.superseded_by IS DISTINCT FROM v.superseded_by OR t.changes IS DISTINCT FROM v.changes
           OR t.beside IS DISTINCT FROM v.beside)`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
