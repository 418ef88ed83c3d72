import { type Db, describeRecordRefusal, quarantineRecordOnce, withSavepoint } from "@tender/db";
import type { MapResult } from "../mapping/map-result.js";
import { describeException } from "../mapping/validate-tender-record.js";
import { NoticeIdTakenError } from "../procedure/notice-id-taken-error.js";
import { linkForced, type PendingLinks } from "../procedure/pending-links.js";
import { storeTenderRecord } from "./store-tender-record.js";
import { countStored, type SyncCounts } from "./sync-counts.js";

/** Where the records of one page or file go. */
export interface RecordTarget {
  sourceId: string;
  sourceCode: string;
  subject: string;
  now: Date;
  /** Collects the procedure links, to link at the end of the page; none: each record links as stored. */
  links?: PendingLinks;
}

/** One item to store: its payload as received and its mapping outcome. */
export interface PendingRecord {
  raw: unknown;
  result: MapResult;
  /** Put before the stored reason, e.g. `line 4: `. */
  reasonPrefix?: string;
}

/** Why an item was quarantined; `sqlState` when the database refused it. */
export interface QuarantinedItem {
  externalId: string | null;
  reason: string;
  sqlState: string | null;
}

/**
 * Stores one item in the caller's transaction under its own savepoint, or quarantines it: a
 * failed mapping or validation, or a record the database refuses (SQLSTATE class 21, 22, 23, 54:
 * a date it cannot store, text it cannot hold, a key too large for its index) or that our own
 * code cannot process (`RangeError`), or whose id another procedure's notice holds
 * (`NoticeIdTakenError`). The savepoint undoes the refused record's writes only, so
 * the rest of the page commits and its cursor advances. Any other error (a lost connection, a
 * serialization failure) is not the record's fault and is rethrown: the page fails.
 * Returns why the item was quarantined, or `null` when it was stored.
 */
export async function storeOrQuarantine(
  trx: Db,
  target: RecordTarget,
  item: PendingRecord,
  counts: SyncCounts,
): Promise<QuarantinedItem | null> {
  let failure: QuarantinedItem;
  if (item.result.ok) {
    const { record, facets, procedure, awards } = item.result;
    await target.links?.beforeStoring(trx, record.external_id);
    const insertPlace = procedure && target.links?.placeOf(procedure);
    try {
      const stored = await withSavepoint(trx, () =>
        storeTenderRecord(trx, {
          sourceId: target.sourceId,
          record,
          ...(facets === undefined ? {} : { facets }),
          ...(procedure === undefined ? {} : { procedure }),
          ...(awards === undefined ? {} : { awards }),
          ...(target.links ? { linkLater: true } : {}),
          ...(insertPlace ? { insertPlace } : {}),
          subject: target.subject,
          now: target.now,
        }),
      );
      // Added once its savepoint is released: a refused record links nothing.
      if (procedure && target.links) {
        target.links.add({
          sourceId: target.sourceId,
          tenderId: stored.tenderId,
          procedure,
          force: linkForced(stored),
          placedAtInsert: stored.outcome === "created" && insertPlace !== undefined,
        });
      }
      countStored(counts, stored);
      return null;
    } catch (error) {
      const refusal = describeRecordRefusal(error) ?? describeProcessingError(error);
      if (refusal === null) throw error;
      failure = { externalId: record.external_id, reason: refusal.reason, sqlState: refusal.sqlState };
    }
  } else {
    failure = { externalId: item.result.externalId, reason: item.result.reason, sqlState: null };
  }
  await quarantine(trx, target.sourceCode, item, failure);
  counts.quarantined += 1;
  return failure;
}

/** A `RangeError` (a value past what JavaScript handles) or a taken id is the record's fault too. */
function describeProcessingError(error: unknown): { reason: string; sqlState: null } | null {
  if (error instanceof NoticeIdTakenError) return { reason: error.message, sqlState: null };
  if (!(error instanceof RangeError)) return null;
  return { reason: `could not be stored: ${describeException(error)}`, sqlState: null };
}

async function quarantine(trx: Db, source: string, item: PendingRecord, failure: QuarantinedItem) {
  const row = {
    source,
    externalId: failure.externalId,
    reason: `${item.reasonPrefix ?? ""}${failure.reason}`,
    rawPayload: item.raw,
  };
  try {
    await withSavepoint(trx, () => quarantineRecordOnce(trx, row));
  } catch (error) {
    // The quarantine row is built to be storable; should the database still refuse the payload,
    // the record is kept without it rather than failing its page.
    if (describeRecordRefusal(error) === null) throw error;
    await quarantineRecordOnce(trx, { ...row, rawPayload: { payload_not_kept: "the database refused it" } });
  }
}
