import { PROCEDURE_NOTICE_LIMITS, type ProcedureNotice } from "@tender/contracts";
import { type RawBuilder, sql } from "kysely";
import type { TenderPosition } from "../browse/tender-browse-types.js";
import type { Db } from "../database.js";
import { cutChangesSql } from "./cut-changes-sql.js";

/**
 * Where a notice stands in its procedure's order: its `published_at` to the microsecond and its
 * id (its external id, the order's second key, is read from its row: up to 512 characters, it
 * would not fit a cursor).
 */
export type NoticePosition = TenderPosition & { key: string };

/** A procedure's first and latest notices, how many it has, and where the first one stands. */
export interface ProcedureTimeline {
  notices: ProcedureNotice[];
  total: number;
  /** The first notice's position when notices after it are left out (read them from there); else null. */
  gapAfter: NoticePosition | null;
}

interface TimelineRow extends ProcedureNotice {
  position: string;
}

// The order of a procedure's notices: publication time, then external id, then id (unique).
const ORDER = sql`t.published_at, t.external_id, t.id`;
const POSITION = sql<string>`to_char(t.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const noticeColumns = (changes: RawBuilder<unknown>) => sql`
  t.id, t.external_id, t.kind,
  to_char(t.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS published_at,
  t.superseded_by, ${changes} AS changes, ${POSITION} AS position`;

/**
 * The notices of a procedure oldest first (publication time, then external id), bounded
 * (docs/api.md#procedures): all of them up to `PROCEDURE_NOTICE_LIMITS.listed`, else the first and
 * the latest `listed - 1`; document lists inside `changes` cut (`cutChangesSql`). `changesOf`: a
 * notice id (a tender card's), listed whatever its place (in the middle, it takes the place of the
 * oldest of the latest) and the only one with its `changes` (the others' are null); absent: every
 * notice's `changes`.
 */
export async function listProcedureTimeline(
  db: Db,
  procedureId: string,
  options: { changesOf?: string } = {},
): Promise<ProcedureTimeline> {
  const latest = PROCEDURE_NOTICE_LIMITS.listed - 1;
  const changes =
    options.changesOf === undefined
      ? cutChangesSql(sql`t.changes`)
      : sql`CASE WHEN t.id = ${options.changesOf}::uuid THEN ${cutChangesSql(sql`t.changes`)} END`;
  const own = options.changesOf ?? null;
  const { rows } = await sql<TimelineRow & { total: number }>`
    WITH ranked AS (
      SELECT t.id, row_number() OVER (ORDER BY ${ORDER}) AS n, count(*) OVER ()::int AS total
      FROM tenders AS t WHERE t.procedure_id = ${procedureId}
    ), own AS (
      SELECT coalesce((SELECT 1 FROM ranked WHERE id = ${own}::uuid AND n > 1 AND n <= total - ${latest}), 0) AS middle
    )
    SELECT ${noticeColumns(changes)}, r.total
    FROM ranked AS r JOIN tenders AS t ON t.id = r.id CROSS JOIN own
    WHERE r.n = 1 OR r.n > r.total - ${latest} + own.middle OR r.id = ${own}::uuid
    ORDER BY r.n`.execute(db);
  const total = rows[0]?.total ?? 0;
  const first = rows[0];
  return {
    notices: rows.map(({ position: _p, total: _t, ...notice }) => notice),
    total,
    gapAfter: first !== undefined && total > rows.length ? { key: first.position, id: first.id } : null,
  };
}

/**
 * A page of a procedure's notices in the timeline's order, strictly after `after` (from the
 * first when absent), with the same cut `changes`; `limit` rows at most. Each row carries its
 * position for the next cursor.
 */
export async function listProcedureNoticePage(
  db: Db,
  procedureId: string,
  page: { after?: NoticePosition; limit: number },
): Promise<(ProcedureNotice & { position: NoticePosition })[]> {
  const after = page.after;
  let start = sql`true`;
  if (after !== undefined) {
    // Tenders are not deleted; were this one, the walk would go on from its publication time.
    const externalId = sql`coalesce((SELECT p.external_id FROM tenders AS p WHERE p.id = ${after.id}::uuid), '')`;
    start = sql`(t.published_at, t.external_id, t.id) > (${after.key}::timestamptz, ${externalId}, ${after.id}::uuid)`;
  }
  const { rows } = await sql<TimelineRow>`
    SELECT ${noticeColumns(cutChangesSql(sql`t.changes`))}
    FROM tenders AS t
    WHERE t.procedure_id = ${procedureId} AND ${start}
    ORDER BY ${ORDER}
    LIMIT ${page.limit}`.execute(db);
  return rows.map(({ position, ...notice }) => ({ ...notice, position: { key: position, id: notice.id } }));
}

/** The procedure a procedure id answers with (itself, or the one it joined: docs/records.md#procedures); undefined when none has it. */
export async function resolveProcedureId(db: Db, requestedId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("procedures")
    .select((eb) => eb.fn.coalesce("linked_to", "id").as("id"))
    .where("id", "=", requestedId)
    .executeTakeFirst();
  return row?.id;
}
