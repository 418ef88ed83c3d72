import { sql } from "kysely";
import type { Db } from "../database.js";
import type { ExtractionFailureRow } from "../documents/extraction-failures.table.js";
import {
  claimDueForSweep,
  clearSweepBackoff,
  INDEX_SWEEP,
  scheduleNextSweep,
} from "../documents/sweep-backoff.js";
import type { IndexStatus } from "../ingest/tenders.table.js";

/** Why one attachment (or one entry inside an archive attachment) gave no text. */
export interface ExtractionFailureInput {
  attachmentId: string;
  /** Path inside an archive, e.g. `docs/spec.docx`; empty for the attachment itself. */
  entry: string;
  /** Short code, e.g. `encrypted`, `corrupt`, `limit_exceeded`. */
  reason: string;
  /** One safe sentence for operators (cut to 500 characters). */
  detail: string;
  attachmentSha256: string | null;
}

/** A tender the sweeper announces again. */
export interface ReannounceCandidate {
  id: string;
  content_hash: string;
  index_status: IndexStatus;
  /** Re-announcements so far, before this one. */
  index_attempts: number;
}

export interface ClaimReannounceOptions {
  /** The configured embedding model: ready tenders with chunks of another model are rebuilt. */
  embeddingModel: string;
  /** `pending` and `failed` tenders (and inconsistent `ready` ones) untouched since this time. */
  staleBefore: Date;
  /** `processing` tenders untouched since this time (their indexer died and the event is gone). */
  stuckBefore: Date;
  /** Backoff: tenders whose `next_index_at` is later than this are left alone. */
  now: Date;
  limit: number;
}

/** A tender selected by `tender reindex`. */
export interface ReindexTarget {
  id: string;
  content_hash: string;
  index_status: IndexStatus;
}

const MAX_DETAIL_LENGTH = 500;

/**
 * Locks the tender row until the transaction ends and returns its current content hash
 * (undefined when it is gone). Writers of one tender's chunks take it first, so two indexers
 * finishing the same tender at once commit one after the other instead of colliding on chunk keys.
 */
export async function lockTenderForIndexing(db: Db, tenderId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("tenders")
    .select("content_hash")
    .where("id", "=", tenderId)
    .forUpdate()
    .executeTakeFirst();
  return row?.content_hash;
}

/** True when some chunk of the tender was embedded by a model other than `embeddingModel`. */
export async function hasChunksOfOtherModel(
  db: Db,
  tenderId: string,
  embeddingModel: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("chunks")
    .select("id")
    .where("tender_id", "=", tenderId)
    .where("embedding_model", "<>", embeddingModel)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Replaces the tender's recorded extraction failures; run it in the transaction that replaces its chunks. */
export async function replaceExtractionFailures(
  db: Db,
  tenderId: string,
  failures: readonly ExtractionFailureInput[],
): Promise<void> {
  await db.deleteFrom("extraction_failures").where("tender_id", "=", tenderId).execute();
  if (failures.length === 0) return;
  await db
    .insertInto("extraction_failures")
    .values(
      failures.map((f) => ({
        tender_id: tenderId,
        attachment_id: f.attachmentId,
        entry: f.entry,
        reason: f.reason,
        detail: f.detail.slice(0, MAX_DETAIL_LENGTH),
        attachment_sha256: f.attachmentSha256,
      })),
    )
    .execute();
}

/** The tender's recorded extraction failures, by attachment and entry. */
export async function listExtractionFailures(db: Db, tenderId: string): Promise<ExtractionFailureRow[]> {
  return db
    .selectFrom("extraction_failures")
    .selectAll()
    .where("tender_id", "=", tenderId)
    .orderBy("attachment_id")
    .orderBy("entry")
    .execute();
}

/** Forgets the sweeper's backoff of a tender (it was indexed, or an operator asked for a run). */
export async function clearIndexBackoff(db: Db, tenderId: string): Promise<void> {
  await clearSweepBackoff(db, INDEX_SWEEP, tenderId);
}

/**
 * Locks up to `limit` tenders that need their change event again, least recently updated first,
 * skipping rows another sweeper (or a committing indexer) holds: `pending`/`failed` ones left
 * alone since `staleBefore`, `processing` ones stuck since `stuckBefore`, and `ready` ones whose
 * index is inconsistent or has chunks of another embedding model. Tenders in backoff are left out.
 * Run it in the transaction that enqueues the events and calls `scheduleNextIndexAttempt`.
 */
export async function claimTendersToReannounce(
  db: Db,
  options: ClaimReannounceOptions,
): Promise<ReannounceCandidate[]> {
  const model = options.embeddingModel;
  const due = db
    .selectFrom("tenders")
    .select(["id", "content_hash", "index_status", "index_attempts"])
    .where((eb) =>
      eb.or([
        eb.and([
          eb("index_status", "in", ["pending", "failed"]),
          eb("updated_at", "<=", options.staleBefore),
        ]),
        eb.and([eb("index_status", "=", "processing"), eb("updated_at", "<=", options.stuckBefore)]),
        eb.and([
          eb("index_status", "=", "ready"),
          eb.or([
            eb.and([
              sql<boolean>`tenders.indexed_hash IS DISTINCT FROM tenders.content_hash`,
              eb("updated_at", "<=", options.staleBefore),
            ]),
            // Two ranges instead of `<>`, so the (embedding_model, tender_id) index answers it.
            eb(
              "id",
              "in",
              eb
                .selectFrom("chunks")
                .select("chunks.tender_id")
                .where((c) => c.or([c("embedding_model", "<", model), c("embedding_model", ">", model)])),
            ),
          ]),
        ]),
      ]),
    );
  return claimDueForSweep(due, INDEX_SWEEP, options.now, options.limit).execute();
}

/** Counts a re-announcement and keeps the sweeper away from the tender until `nextAt`. */
export async function scheduleNextIndexAttempt(db: Db, tenderId: string, nextAt: Date): Promise<void> {
  await scheduleNextSweep(db, INDEX_SWEEP, tenderId, nextAt);
}

/**
 * Up to `limit` tenders for `tender reindex`, ordered by id after `afterId` (keyset paging):
 * every tender, or only `failed` ones.
 */
export async function listTendersForReindex(
  db: Db,
  scope: "all" | "failed",
  afterId: string | null,
  limit: number,
): Promise<ReindexTarget[]> {
  let query = db
    .selectFrom("tenders")
    .select(["id", "content_hash", "index_status"])
    .orderBy("id")
    .limit(limit);
  if (scope === "failed") query = query.where("index_status", "=", "failed");
  if (afterId !== null) query = query.where("id", ">", afterId);
  return query.execute();
}

/** The tender with this id as a reindex target, or undefined. */
export async function findReindexTarget(db: Db, tenderId: string): Promise<ReindexTarget | undefined> {
  return db
    .selectFrom("tenders")
    .select(["id", "content_hash", "index_status"])
    .where("id", "=", tenderId)
    .executeTakeFirst();
}

/**
 * Prepares tenders for a forced rebuild: clears the backoff, and on `ready` tenders clears
 * `indexed_hash`, so the next change event rebuilds their chunks instead of being a no-op while
 * the old chunks stay searchable. Other statuses are rebuilt by the event anyway.
 */
export async function prepareReindex(db: Db, tenderIds: readonly string[]): Promise<void> {
  if (tenderIds.length === 0) return;
  await db
    .updateTable("tenders")
    .set({
      index_attempts: 0,
      next_index_at: null,
      indexed_hash: sql<string | null>`CASE WHEN index_status = 'ready' THEN NULL ELSE indexed_hash END`,
      updated_at: sql<Date>`now()`,
    })
    .where("id", "in", [...tenderIds])
    .execute();
}
