import {
  type Db,
  findTendersInPlace,
  type LockedProcedure,
  lockNoticeKeys,
  lockProcedures,
  registerNoticeKeys,
  setTenderProcedures,
  type TenderInsertPlace,
} from "@tender/db";
import { linkCrossPortal } from "./link-cross-portal.js";
import type { NoticeProcedure } from "./notice-procedure.js";
import { relinkProcedures } from "./relink-procedures.js";

export interface LinkTenderProcedureInput {
  sourceId: string;
  tenderId: string;
  procedure: NoticeProcedure;
  /** Link even when the tender's procedure, kind and predecessor are as stored (its content changed). */
  force: boolean;
  /** The tender was inserted in this transaction already in its place (`insertPlace`): it joined its procedure. */
  placedAtInsert?: boolean;
}

/** Where a notice of procedure `own` (locked) stands: a procedure of a UK portal may have joined another. */
export function placeIn(own: LockedProcedure, procedure: NoticeProcedure): TenderInsertPlace {
  const standsIn = procedure.portal ? (own.linked_to ?? own.id) : own.id;
  return {
    procedure_id: standsIn,
    source_procedure_id: standsIn === own.id ? null : own.id,
    kind: procedure.kind,
    supersedes_external_id: procedure.supersedes,
    names_notice: procedure.portal?.names ?? null,
    buyer_keys: [...(procedure.buyers ?? [])],
  };
}

/** What linking changed. */
export interface LinkedTenders {
  /** The tenders whose procedure, kind, predecessor or named notice changed. */
  stored: Set<string>;
  /** How many tenders' links (`superseded_by`, `changes`) changed. */
  relinked: number;
}

/**
 * Stores the procedure, kind, named predecessor and named notice of the other UK portal of
 * stored tenders (one place per tender: the last given wins) and links their procedures again
 * (`linkProcedureNotices`), in the caller's transaction, with a few statements for all of them
 * (an ingest page links its notices at its end): skips the tenders that already stand there
 * unless `force`; locks the procedures (key order); for notices of a UK portal registers their
 * keys and links the procedures whose keys or named notices changed (`linkCrossPortal`); links
 * again the procedures that gained or lost a notice. Reads and writes those procedures' rows only.
 */
export async function linkTenderProcedures(
  db: Db,
  inputs: readonly LinkTenderProcedureInput[],
): Promise<LinkedTenders> {
  const latest = [...new Map(inputs.map((i) => [i.tenderId, i])).values()];
  const inPlace = await findTendersInPlace(
    db,
    latest
      .filter((i) => !i.force)
      .map(({ tenderId, procedure }) => ({
        tenderId,
        procedureKey: procedure.key,
        kind: procedure.kind,
        supersedesExternalId: procedure.supersedes,
        namesNotice: procedure.portal?.names ?? null,
        buyerKeys: procedure.buyers ?? [],
        noticeKeys: procedure.portal?.keys ?? [],
      })),
  );
  const todo = latest.filter((i) => !inPlace.has(i.tenderId));
  if (todo.length === 0) return { stored: new Set(), relinked: 0 };
  const procedures = await lockAll(db, todo);
  const own = (i: LinkTenderProcedureInput) =>
    procedures.get(`${i.sourceId}\n${i.procedure.key}`) as LockedProcedure;
  const places = new Map(todo.map((i) => [i.tenderId, placeIn(own(i), i.procedure)]));
  const moved = await setTenderProcedures(
    db,
    todo.map((i) => {
      const place = places.get(i.tenderId) as TenderInsertPlace;
      return {
        tenderId: i.tenderId,
        procedureId: place.procedure_id,
        sourceProcedureId: place.source_procedure_id,
        kind: place.kind,
        supersedesExternalId: place.supersedes_external_id,
        namesNotice: place.names_notice,
        buyerKeys: place.buyer_keys,
      };
    }),
  );
  // A tender inserted in its place came from no procedure.
  for (const i of todo) {
    if (i.placedAtInsert && !moved.has(i.tenderId))
      moved.set(i.tenderId, { procedureId: null, namesNotice: null });
  }
  const relink = new Set<string>();
  for (const i of todo) {
    const previous = moved.get(i.tenderId);
    // A notice of a UK portal whose place is unchanged may still have keys to register.
    if (previous === undefined && !i.force && !i.procedure.portal) continue;
    relink.add(places.get(i.tenderId)?.procedure_id as string);
    if (previous?.procedureId) relink.add(previous.procedureId);
  }
  const portal = todo.filter((i) => i.procedure.portal);
  if (portal.length > 0) {
    const links = portal.map((i) => i.procedure.portal as NonNullable<NoticeProcedure["portal"]>);
    await lockNoticeKeys(
      db,
      links.flatMap((l) => (l.names === null ? l.keys : [...l.keys, l.names])),
    );
    const starts = new Set(
      await registerNoticeKeys(
        db,
        portal.map((i) => ({ procedureId: own(i).id, keys: i.procedure.portal?.keys ?? [] })),
      ),
    );
    // Only keys and named notices make the links between procedures: a notice that changed
    // neither (most of them) leaves them as they stand.
    for (const i of portal) {
      const previous = moved.get(i.tenderId);
      if (previous === undefined) continue;
      if (previous.namesNotice !== null || i.procedure.portal?.names) starts.add(own(i).id);
      if (previous.namesNotice !== null && previous.procedureId) starts.add(previous.procedureId);
    }
    for (const id of await linkCrossPortal(db, [...starts])) relink.add(id);
  }
  return { stored: new Set(moved.keys()), relinked: await relinkProcedures(db, [...relink]) };
}

/** Locks (creating the new ones) the procedures of the inputs, per source, keyed `source\nkey`. */
async function lockAll(db: Db, inputs: readonly LinkTenderProcedureInput[]) {
  const keysBySource = new Map<string, string[]>();
  for (const i of inputs)
    keysBySource.set(i.sourceId, [...(keysBySource.get(i.sourceId) ?? []), i.procedure.key]);
  const locked = new Map<string, LockedProcedure>();
  for (const [sourceId, keys] of [...keysBySource].sort(([a], [b]) => (a < b ? -1 : 1))) {
    for (const row of await lockProcedures(db, sourceId, keys))
      locked.set(`${sourceId}\n${row.procedure_key}`, row);
  }
  return locked;
}
