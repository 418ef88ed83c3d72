import {
  type AttachmentSyncCounts,
  createProcedures,
  type Db,
  deleteEmptyProcedures,
  type PageProcedure,
  type TenderInsertPlace,
  type UpsertTenderOutcome,
} from "@tender/db";
import type { MapResult } from "../mapping/map-result.js";
import { type LinkTenderProcedureInput, linkTenderProcedures, placeIn } from "./link-tender-procedures.js";
import type { NoticeProcedure } from "./notice-procedure.js";

/**
 * The procedure links of an ingest page, stored at its end in a few statements for the whole
 * page (`linkTenderProcedures`) instead of a dozen per notice. A record whose `external_id` the
 * page already stored must see that notice linked (its procedure decides whether the id is
 * taken): `beforeStoring` links what is pending first.
 */
export class PendingLinks {
  #links: LinkTenderProcedureInput[] = [];
  readonly #externalIds = new Set<string>();
  readonly #procedures = new Map<string, PageProcedure>();
  readonly #used = new Set<string>();

  /**
   * Reads (creating the new ones) the procedures the page's records name, before any record is
   * stored, so a new tender is inserted in its place (`placeOf`) and linking need not update it.
   * Linking checks that place under the procedure's lock and moves the tender if it changed.
   */
  async prepare(db: Db, sourceId: string, results: readonly MapResult[]): Promise<void> {
    const keys = results.flatMap((r) => (r.ok && r.procedure ? [r.procedure.key] : []));
    for (const row of await createProcedures(db, sourceId, keys))
      this.#procedures.set(row.procedure_key, row);
  }

  /** Where a new tender of this procedure is inserted; undefined when `prepare` did not read it. */
  placeOf(procedure: NoticeProcedure): TenderInsertPlace | undefined {
    const own = this.#procedures.get(procedure.key);
    return own === undefined ? undefined : placeIn(own, procedure);
  }

  /** Call before storing a record: links what is pending first when the page stored its `external_id` already. */
  async beforeStoring(db: Db, externalId: string): Promise<void> {
    if (this.#externalIds.has(externalId)) await this.flush(db);
    this.#externalIds.add(externalId);
  }

  /** Adds the link of a record stored (its savepoint released). */
  add(link: LinkTenderProcedureInput): void {
    this.#links.push(link);
    this.#used.add(link.procedure.key);
  }

  /**
   * Links what is pending, then deletes the procedures `prepare` created that no stored record
   * took (all of theirs were quarantined): call once, at the end of the page.
   */
  async finish(db: Db): Promise<number> {
    const relinked = await this.flush(db);
    const unused = [...this.#procedures.values()].filter(
      (p) => p.created && !this.#used.has(p.procedure_key),
    );
    await deleteEmptyProcedures(
      db,
      unused.map((p) => p.id),
    );
    return relinked;
  }

  /** Links what was added, in the caller's transaction; returns how many tenders' links changed. */
  async flush(db: Db): Promise<number> {
    const links = this.#links;
    this.#links = [];
    this.#externalIds.clear();
    if (links.length === 0) return 0;
    return (await linkTenderProcedures(db, links)).relinked;
  }
}

/**
 * Whether a stored record must be linked even where its place is unchanged: its content changed
 * (as `storeTenderRecord` decides when it links the record itself).
 */
export function linkForced(stored: {
  outcome: UpsertTenderOutcome;
  attachments: AttachmentSyncCounts;
}): boolean {
  const { attachments } = stored;
  return (
    stored.outcome !== "unchanged" ||
    attachments.inserted + attachments.updated + attachments.requeued + attachments.skipped > 0
  );
}
