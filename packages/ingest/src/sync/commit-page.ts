import { type Database, ensureSource, saveSourceAdapterState, saveSourceCursor } from "@tender/db";
import type { Kysely } from "kysely";
import { upsertPageOrganisations } from "../awards/upsert-page-organisations.js";
import type { MapResult } from "../mapping/map-result.js";
import { PendingLinks } from "../procedure/pending-links.js";
import type { IngestLogger } from "./ingest-logger.js";
import { storeOrQuarantine } from "./store-or-quarantine.js";
import { emptyCounts, type SyncCounts } from "./sync-counts.js";

/** Another sync of the same source committed a page meanwhile; this pass must not overwrite its cursor. */
export class CursorMovedError extends Error {
  override readonly name = "CursorMovedError";
}

/** An item of a page with its mapping outcome. */
export interface MappedItem {
  raw: unknown;
  result: MapResult;
}

export interface CommitPageInput {
  sourceCode: string;
  /** The cursor this page was fetched with, as stored; the commit fails if the stored one differs. */
  expectedCursor: string | null;
  items: readonly MappedItem[];
  /** Stored as the source's new cursor, exactly as given. */
  nextCursor: string | null;
  /** Stored as the adapter's state of the pass in progress when given (`null` clears it). */
  adapterState?: unknown;
  subject: string;
  now: Date;
  /** Told (source and SQLSTATE, never the payload) of each record the database refused. */
  logger?: Pick<IngestLogger, "warn">;
}

/**
 * Commits one page in one transaction: locks the source row (and checks the cursor), stores every
 * valid record with its attachments and outbox event, each under its own savepoint, quarantines
 * the invalid ones and those the database refuses (they never block the page or its cursor),
 * (the organisations the page names first, in key order: `upsertPageOrganisations`), links the
 * procedures of the stored ones (`PendingLinks`: once per page), then saves the next cursor,
 * `last_sync_at` and the adapter's state of the pass. Fails as a whole only
 * for what is not one record's fault (connection lost, serialization failure, cursor moved).
 */
export async function commitPage(db: Kysely<Database>, input: CommitPageInput): Promise<SyncCounts> {
  return db.transaction().execute(async (trx) => {
    // ensureSource's upsert locks the row until commit, so concurrent passes serialize here.
    const source = await ensureSource(trx, input.sourceCode);
    if (source.cursor !== input.expectedCursor) {
      throw new CursorMovedError(`The cursor of source ${input.sourceCode} was advanced by another sync`);
    }
    const counts = emptyCounts();
    const target = {
      sourceId: source.id,
      sourceCode: input.sourceCode,
      subject: input.subject,
      now: input.now,
      // Linked once for the page, below: a handful of statements instead of a dozen per record.
      links: new PendingLinks(),
    };
    await upsertPageOrganisations(
      trx,
      input.items.map((item) => item.result),
    );
    await target.links.prepare(
      trx,
      source.id,
      input.items.map((item) => item.result),
    );
    for (const item of input.items) {
      const quarantined = await storeOrQuarantine(trx, target, item, counts);
      if (quarantined?.sqlState) {
        input.logger?.warn(
          { source: input.sourceCode, sqlstate: quarantined.sqlState },
          "The database refused a record; it is quarantined and the rest of the page is kept",
        );
      }
    }
    await target.links.finish(trx);
    await saveSourceCursor(trx, source.id, input.nextCursor, input.now);
    if (input.adapterState !== undefined) {
      await saveSourceAdapterState(trx, source.id, input.adapterState);
    }
    return counts;
  });
}
