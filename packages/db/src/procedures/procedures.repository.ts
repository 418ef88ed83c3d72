import type { NoticeChange, NoticeKind } from "@tender/contracts";
import { sql } from "kysely";
import type { Db } from "../database.js";

/**
 * The id of the source's procedure with this key, created when new, and locked (`FOR UPDATE`)
 * until the caller's transaction ends: linkers of one procedure take turns, those of others never wait.
 */
export async function lockProcedure(db: Db, sourceId: string, procedureKey: string): Promise<string> {
  const find = () =>
    db
      .selectFrom("procedures")
      .select("id")
      .where("source_id", "=", sourceId)
      .where("procedure_key", "=", procedureKey)
      .forUpdate()
      .executeTakeFirst();
  const found = await find();
  if (found) return found.id;
  await db
    .insertInto("procedures")
    .values({ source_id: sourceId, procedure_key: procedureKey })
    .onConflict((oc) => oc.constraint("procedures_source_key").doNothing())
    .execute();
  const created = await find();
  if (!created) throw new Error(`procedure ${procedureKey} vanished while being created`);
  return created.id;
}

/**
 * True when the tender already stands in the source's procedure `procedureKey` (its own, whether
 * it stands there or in the procedure that one joined) with this kind, named predecessor and named
 * notice of the other portal, and its procedure holds every key in `noticeKeys` (0028): a plain
 * read, so a re-crawl of an unchanged notice locks and writes nothing.
 */
export async function tenderProcedureIs(
  db: Db,
  tenderId: string,
  procedureKey: string,
  input: Omit<TenderProcedureInput, "procedureId" | "sourceProcedureId"> & {
    noticeKeys?: readonly string[];
  },
): Promise<boolean> {
  const keys = [...new Set(input.noticeKeys ?? [])];
  const row = await db
    .selectFrom("tenders as t")
    .innerJoin("procedures as p", (join) =>
      join.on((eb) => eb("p.id", "=", eb.fn.coalesce("t.source_procedure_id", "t.procedure_id"))),
    )
    .select("t.id")
    .where("t.id", "=", tenderId)
    .where("p.procedure_key", "=", procedureKey)
    .where("t.kind", "=", input.kind)
    .where("t.supersedes_external_id", "is not distinct from", input.supersedesExternalId)
    .where("t.names_notice", "is not distinct from", input.namesNotice ?? null)
    .$if(keys.length > 0, (q) =>
      q.where(
        sql<number>`(SELECT count(*)::int FROM procedure_notice_keys k
          WHERE k.procedure_id = p.id AND k.notice_key = ANY(${keys}::text[]))`,
        "=",
        keys.length,
      ),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** The key of a stored tender's own procedure (not the one it joined); null when it has none (yet) or does not exist. */
export async function findTenderProcedureKey(db: Db, tenderId: string): Promise<string | null> {
  const row = await db
    .selectFrom("tenders as t")
    // Its own procedure: the one it stands in may be another portal's that its own has joined (0028).
    .innerJoin("procedures as p", (join) =>
      join.on((eb) => eb("p.id", "=", eb.fn.coalesce("t.source_procedure_id", "t.procedure_id"))),
    )
    .select("p.procedure_key")
    .where("t.id", "=", tenderId)
    .executeTakeFirst();
  return row?.procedure_key ?? null;
}

/** A tender's place as its source maps it. */
export interface TenderProcedureInput {
  /** Where it stands: its own procedure, or the one its own has joined (0028). */
  procedureId: string;
  /** Its own procedure when that has joined `procedureId`; null or absent: `procedureId` is its own. */
  sourceProcedureId?: string | null;
  kind: NoticeKind;
  supersedesExternalId: string | null;
  /** The other UK portal's notice it names (a notice key); null or absent: none. */
  namesNotice?: string | null;
}

/**
 * Stores a tender's procedure, kind and named predecessor when they differ. Returns the procedure
 * it belonged to before when that changed (it must be linked again), `undefined` when nothing changed.
 */
export async function setTenderProcedure(
  db: Db,
  tenderId: string,
  input: TenderProcedureInput,
): Promise<{ previousProcedureId: string | null } | undefined> {
  const sourceProcedureId = input.sourceProcedureId ?? null;
  const namesNotice = input.namesNotice ?? null;
  const row = await db
    .updateTable("tenders as t")
    .from("tenders as old")
    .set({
      procedure_id: input.procedureId,
      source_procedure_id: sourceProcedureId,
      kind: input.kind,
      supersedes_external_id: input.supersedesExternalId,
      names_notice: namesNotice,
    })
    .whereRef("old.id", "=", "t.id")
    .where("t.id", "=", tenderId)
    .where((eb) =>
      eb.or([
        eb("t.procedure_id", "is distinct from", input.procedureId),
        eb("t.source_procedure_id", "is distinct from", sourceProcedureId),
        eb("t.kind", "is distinct from", input.kind),
        eb("t.supersedes_external_id", "is distinct from", input.supersedesExternalId),
        eb("t.names_notice", "is distinct from", namesNotice),
      ]),
    )
    .returning("old.procedure_id as previous")
    .executeTakeFirst();
  return row === undefined ? undefined : { previousProcedureId: row.previous };
}

/** A notice of a procedure as linking reads it. */
export interface StoredProcedureNotice {
  id: string;
  external_id: string;
  kind: NoticeKind;
  supersedes_external_id: string | null;
  published_at: Date;
  title: string;
  deadline: Date | null;
  amount: string | null;
  currency: string | null;
  /**
   * The attachments it lists now (not those it dropped), by title, else file name; not its own
   * rendering (a URL with its `external_id` as a path segment, like TED's notice PDF), which
   * every notice has and no one compares.
   */
  documents: string[];
  superseded_by: string | null;
  changes: NoticeChange[] | null;
  /** The source that published it, its buyers and whether it stands beside (0031). */
  source_id: string;
  buyer_keys: string[];
  beside: boolean;
}

/** The notices of one procedure (`tenders_procedure_idx`), with their current documents. */
export async function listProcedureNotices(db: Db, procedureId: string): Promise<StoredProcedureNotice[]> {
  return procedureNoticesQuery(db, procedureId).execute();
}

/** The statement `listProcedureNotices` runs, for its plan. */
export function procedureNoticesQuery(db: Db, procedureId: string) {
  return db
    .selectFrom("tenders as t")
    .select([
      "t.id",
      "t.external_id",
      "t.kind",
      "t.supersedes_external_id",
      "t.published_at",
      "t.title",
      "t.deadline",
      "t.amount",
      "t.currency",
      "t.superseded_by",
      "t.changes",
      "t.source_id",
      "t.buyer_keys",
      "t.beside",
      sql<string[]>`array(
        SELECT DISTINCT coalesce(a.title, a.filename) FROM attachments a
        WHERE a.tender_id = t.id AND a.download_status <> 'skipped'
          AND strpos(a.source_url, '/' || t.external_id || '/') = 0
        ORDER BY 1)`.as("documents"),
    ])
    .where("t.procedure_id", "=", procedureId);
}

/** Stores where a notice stands in its procedure when it differs; returns whether it did. */
export async function setNoticeLink(
  db: Db,
  tenderId: string,
  link: { supersededBy: string | null; changes: NoticeChange[] | null; beside?: boolean },
): Promise<boolean> {
  const changes = link.changes === null ? null : JSON.stringify(link.changes);
  const beside = link.beside ?? false;
  const result = await db
    .updateTable("tenders")
    .set({ superseded_by: link.supersededBy, changes, beside })
    .where("id", "=", tenderId)
    .where((eb) =>
      eb.or([
        eb("superseded_by", "is distinct from", link.supersededBy),
        eb("changes", "is distinct from", sql<NoticeChange[] | null>`${changes}::jsonb`),
        eb("beside", "is distinct from", beside),
      ]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Procedures with more than one stored notice (`tender status`): the ones with a story to show. */
export async function countProceduresWithSeveralNotices(db: Db): Promise<number> {
  const row = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM (
      SELECT procedure_id FROM tenders WHERE procedure_id IS NOT NULL
      GROUP BY procedure_id HAVING count(*) > 1
    ) AS several`.execute(db);
  return row.rows[0]?.count ?? 0;
}
