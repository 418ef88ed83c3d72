import type { TenderRecordV1 } from "@tender/contracts";
import {
  type Database,
  type Db,
  ensureSource,
  quarantineRecordOnce,
  saveSourceCursor,
  saveSourcePassWindow,
} from "@tender/db";
import type { Kysely } from "kysely";
import type { TenderFacets } from "../mapping/facets/tender-facets.js";
import type { MapResult } from "../mapping/map-result.js";
import { storeTenderRecord } from "./store-tender-record.js";
import { countStored, emptyCounts, type SyncCounts } from "./sync-counts.js";

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
  /** Stored as the window start of the pass in progress when given (`null` clears it). */
  passWindowStart?: Date | null;
  subject: string;
  now: Date;
}

/**
 * Commits one page in one transaction, all or nothing: locks the source row (and checks the
 * cursor), stores every valid record with its attachments and outbox event, quarantines the
 * invalid ones (they never block the page), then saves the next cursor, `last_sync_at` and the
 * pass's window start.
 */
export async function commitPage(db: Kysely<Database>, input: CommitPageInput): Promise<SyncCounts> {
  return db.transaction().execute(async (trx) => {
    // ensureSource's upsert locks the row until commit, so concurrent passes serialize here.
    const source = await ensureSource(trx, input.sourceCode);
    if (source.cursor !== input.expectedCursor) {
      throw new CursorMovedError(`The cursor of source ${input.sourceCode} was advanced by another sync`);
    }
    const counts = emptyCounts();
    for (const item of input.items) {
      if (item.result.ok) await storeValid(trx, source.id, item.result, input, counts);
      else await quarantine(trx, input.sourceCode, item, item.result, counts);
    }
    await saveSourceCursor(trx, source.id, input.nextCursor, input.now);
    if (input.passWindowStart !== undefined) {
      await saveSourcePassWindow(trx, source.id, input.passWindowStart);
    }
    return counts;
  });
}

async function storeValid(
  trx: Db,
  sourceId: string,
  mapped: { record: TenderRecordV1; facets?: TenderFacets },
  input: CommitPageInput,
  counts: SyncCounts,
): Promise<void> {
  const stored = await storeTenderRecord(trx, {
    sourceId,
    ...mapped,
    subject: input.subject,
    now: input.now,
  });
  countStored(counts, stored);
}

async function quarantine(
  trx: Db,
  source: string,
  item: MappedItem,
  failure: { externalId: string | null; reason: string },
  counts: SyncCounts,
): Promise<void> {
  await quarantineRecordOnce(trx, {
    source,
    externalId: failure.externalId,
    reason: failure.reason,
    rawPayload: item.raw,
  });
  counts.quarantined += 1;
}
