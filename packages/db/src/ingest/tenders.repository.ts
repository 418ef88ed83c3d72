import type { ContentHashInput, NoticeKind } from "@tender/contracts";
import { sql } from "kysely";
import type { Db } from "../database.js";
import type { IndexStatus, TenderRow } from "./tenders.table.js";

/**
 * The significant fields of a tender: those the content hash covers, named as in `TenderRecordV1`,
 * so a record can be spread in. `amount` is a decimal string, read back in numeric(20,2) form
 * ("7.5" → "7.50"), as the contracts normalize it.
 */
export type TenderFields = Omit<ContentHashInput, "source" | "attachments">;

export interface UpsertTenderInput extends TenderFields {
  sourceId: string;
  contentHash: string;
  rawPayload: Record<string, unknown>;
  /** Facets derived from the payload (docs/records.md#facets-per-source); empty when omitted. */
  countries?: string[];
  cpv_codes?: string[];
  /** Where a new tender stands in its procedure (docs/records.md#procedures); an update keeps what is stored. */
  insertPlace?: TenderInsertPlace;
}

/** A tender's procedure columns, written with the insert so linking need not update the new row. */
export interface TenderInsertPlace {
  procedure_id: string;
  source_procedure_id: string | null;
  kind: NoticeKind;
  supersedes_external_id: string | null;
  names_notice: string | null;
  /** The buyers it is published for (0031). */
  buyer_keys: string[];
}

export type UpsertTenderOutcome = "created" | "changed" | "unchanged";

export interface UpsertTenderResult {
  id: string;
  outcome: UpsertTenderOutcome;
}

/** Longest `last_error` kept; a diagnostic, not a log. */
const MAX_ERROR_LENGTH = 4000;

/**
 * Inserts the tender, or updates it when its content hash differs from the stored one: the fields,
 * hash and raw payload are replaced, `index_status` becomes `pending` and `last_error` is cleared.
 * The facets follow the payload they were derived from.
 * With the same hash nothing is written, not even `raw_payload`: a re-crawl of unchanged tenders
 * costs no writes, and the stored payload stays the one the stored hash was computed from.
 * One statement decides, so concurrent calls for one record yield exactly one `created`.
 */
export async function upsertTender(db: Db, input: UpsertTenderInput): Promise<UpsertTenderResult> {
  const written = await db
    .insertInto("tenders")
    .values({
      source_id: input.sourceId,
      external_id: input.external_id,
      title: input.title,
      description: input.description,
      buyer_name: input.buyer_name,
      amount: input.amount,
      currency: input.currency,
      published_at: input.published_at,
      deadline: input.deadline,
      source_url: input.source_url,
      content_hash: input.contentHash,
      raw_payload: JSON.stringify(input.rawPayload),
      countries: input.countries ?? [],
      cpv_codes: input.cpv_codes ?? [],
      ...input.insertPlace,
    })
    .onConflict((oc) =>
      oc
        .constraint("tenders_source_external_key")
        .doUpdateSet((eb) => ({
          title: eb.ref("excluded.title"),
          description: eb.ref("excluded.description"),
          buyer_name: eb.ref("excluded.buyer_name"),
          amount: eb.ref("excluded.amount"),
          currency: eb.ref("excluded.currency"),
          published_at: eb.ref("excluded.published_at"),
          deadline: eb.ref("excluded.deadline"),
          source_url: eb.ref("excluded.source_url"),
          content_hash: eb.ref("excluded.content_hash"),
          raw_payload: eb.ref("excluded.raw_payload"),
          countries: eb.ref("excluded.countries"),
          cpv_codes: eb.ref("excluded.cpv_codes"),
          index_status: "pending",
          last_error: null,
          updated_at: sql<Date>`now()`,
        }))
        .whereRef("tenders.content_hash", "is distinct from", "excluded.content_hash"),
    )
    // xmax is 0 only for a freshly inserted row version.
    .returning(["id", sql<boolean>`xmax = 0`.as("inserted")])
    .executeTakeFirst();
  if (written) return { id: written.id, outcome: written.inserted ? "created" : "changed" };

  // No row returned: the conflicting row exists (committed) with the same hash.
  const existing = await db
    .selectFrom("tenders")
    .select("id")
    .where("source_id", "=", input.sourceId)
    .where("external_id", "=", input.external_id)
    .executeTakeFirst();
  if (!existing) throw new Error(`tender ${input.external_id} vanished during upsert`);
  return { id: existing.id, outcome: "unchanged" };
}

/** The tender with this id, or undefined. */
export async function findTenderById(db: Db, id: string): Promise<TenderRow | undefined> {
  return db.selectFrom("tenders").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The tender with this business identity, or undefined. */
export async function findTenderBySourceAndExternalId(
  db: Db,
  sourceId: string,
  externalId: string,
): Promise<TenderRow | undefined> {
  return db
    .selectFrom("tenders")
    .selectAll()
    .where("source_id", "=", sourceId)
    .where("external_id", "=", externalId)
    .executeTakeFirst();
}

/**
 * Stores a recomputed content hash (e.g. after an attachment download). When it differs, the
 * tender moves to `pending` and `last_error` is cleared. Returns true when the hash changed;
 * false when it was already equal or the tender does not exist.
 */
export async function setTenderContentHash(db: Db, id: string, hash: string): Promise<boolean> {
  const result = await db
    .updateTable("tenders")
    .set({ content_hash: hash, index_status: "pending", last_error: null, updated_at: sql<Date>`now()` })
    .where("id", "=", id)
    .where("content_hash", "<>", hash)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Moves the tender to `processing` when its content hash still equals `expectedHash` and it is
 * `pending`, `failed`, or already `processing` (a redelivered event after an indexer crash).
 * A `ready` tender stays `ready`. Returns whether it applied.
 */
export async function markTenderProcessing(db: Db, id: string, expectedHash: string): Promise<boolean> {
  const result = await db
    .updateTable("tenders")
    .set({ index_status: "processing", updated_at: sql<Date>`now()` })
    .where("id", "=", id)
    .where("content_hash", "=", expectedHash)
    .where("index_status", "in", ["pending", "processing", "failed"])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Marks the tender `ready` with `indexed_hash = indexedHash`, only when its content hash still
 * equals `indexedHash` (optimistic: a tender changed meanwhile is left for the next run).
 * `note` (cut to 4000 characters) goes to `last_error` of a tender indexed only in part; null otherwise.
 * Returns whether it applied; when false, the caller should roll back the chunks it wrote.
 */
export async function markTenderIndexed(
  db: Db,
  id: string,
  indexedHash: string,
  note: string | null = null,
): Promise<boolean> {
  const result = await db
    .updateTable("tenders")
    .set({
      index_status: "ready",
      indexed_hash: indexedHash,
      last_error: note === null ? null : note.slice(0, MAX_ERROR_LENGTH),
      updated_at: sql<Date>`now()`,
    })
    .where("id", "=", id)
    .where("content_hash", "=", indexedHash)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Moves a `processing` tender to `failed`, keeping the error (cut to 4000 characters) in
 * `last_error`. Returns whether it applied; a tender that changed meanwhile stays `pending`.
 */
export async function markTenderFailed(db: Db, id: string, error: string): Promise<boolean> {
  const result = await db
    .updateTable("tenders")
    .set({
      index_status: "failed",
      last_error: error.slice(0, MAX_ERROR_LENGTH),
      updated_at: sql<Date>`now()`,
    })
    .where("id", "=", id)
    .where("index_status", "=", "processing")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Number of tenders per index status; every status is present, zero when none. */
export async function countTendersByIndexStatus(db: Db): Promise<Record<IndexStatus, number>> {
  const rows = await db
    .selectFrom("tenders")
    .select(["index_status", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy("index_status")
    .execute();
  const counts = { pending: 0, processing: 0, ready: 0, failed: 0 };
  for (const row of rows) counts[row.index_status] = row.count;
  return counts;
}

/** Up to `limit` tenders in one of `statuses`, least recently updated first. */
export async function listTendersByIndexStatus(
  db: Db,
  statuses: readonly IndexStatus[],
  limit: number,
): Promise<TenderRow[]> {
  if (statuses.length === 0) return [];
  return db
    .selectFrom("tenders")
    .selectAll()
    .where("index_status", "in", statuses)
    .orderBy("updated_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}
