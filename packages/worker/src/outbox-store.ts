import type { OutboxStore } from "@tender/bus";
import {
  claimOutboxBatch,
  type Database,
  deletePublishedOutbox,
  markOutboxPublished,
  recordOutboxFailure,
} from "@tender/db";
import type { Kysely } from "kysely";

/**
 * The outbox relay's port on the database's outbox table: each relay step is one transaction
 * whose row locks (`FOR UPDATE SKIP LOCKED`) keep other relays off the claimed rows.
 */
export function outboxStore(db: Kysely<Database>): OutboxStore {
  return {
    withClaimedBatch: (limit, work) =>
      db.transaction().execute(async (trx) =>
        work({
          events: await claimOutboxBatch(trx, limit),
          markPublished: (ids) => markOutboxPublished(trx, ids),
          recordFailure: (ids, error) => recordOutboxFailure(trx, ids, error),
        }),
      ),
    deletePublished: (before, limit) => deletePublishedOutbox(db, before, limit),
  };
}
