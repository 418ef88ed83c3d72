import type { AttachmentSyncCounts, Db, UpsertTenderOutcome } from "@tender/db";
import { type LinkTenderProcedureInput, linkTenderProcedures } from "./link-tender-procedures.js";

/**
 * The procedure links of an ingest page, stored at its end in a few statements for the whole
 * page (`linkTenderProcedures`) instead of a dozen per notice. A record whose `external_id` the
 * page already stored must see that notice linked (its procedure decides whether the id is
 * taken): `beforeStoring` links what is pending first.
 */
export class PendingLinks {
  #links: LinkTenderProcedureInput[] = [];
  readonly #externalIds = new Set<string>();

  /** Call before storing a record: links what is pending first when the page stored its `external_id` already. */
  async beforeStoring(db: Db, externalId: string): Promise<void> {
    if (this.#externalIds.has(externalId)) await this.flush(db);
    this.#externalIds.add(externalId);
  }

  /** Adds the link of a record stored (its savepoint released). */
  add(link: LinkTenderProcedureInput): void {
    this.#links.push(link);
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
