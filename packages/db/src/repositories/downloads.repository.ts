import { sql } from "kysely";
import type { Db } from "../database.js";

/** The attachment metadata a download response can improve. */
export interface AttachmentFileInfo {
  filename: string;
  contentType: string | null;
}

/** Code of the tender's source (`ted`, `contracts_finder`, ...), or undefined when the tender is gone. */
export async function findTenderSourceCode(db: Db, tenderId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("tenders")
    .innerJoin("sources", "sources.id", "tenders.source_id")
    .select("sources.code")
    .where("tenders.id", "=", tenderId)
    .executeTakeFirst();
  return row?.code;
}

/**
 * Locks the tender row until the transaction ends. Take it before changing an attachment and
 * recomputing the content hash, so two downloads of one tender never compute the hash from each
 * other's uncommitted state (the later one waits and then sees the earlier one's file).
 * Returns false when the tender does not exist.
 */
export async function lockTenderRow(db: Db, tenderId: string): Promise<boolean> {
  const row = await db
    .selectFrom("tenders")
    .select("id")
    .where("id", "=", tenderId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Stores the filename and content type learned from a download response, when they differ.
 * Both are part of the content hash: recompute it in the same transaction. Returns whether it changed.
 */
export async function updateAttachmentFileInfo(
  db: Db,
  id: string,
  info: AttachmentFileInfo,
): Promise<boolean> {
  const result = await db
    .updateTable("attachments")
    .set({ filename: info.filename, content_type: info.contentType, updated_at: sql<Date>`now()` })
    .where("id", "=", id)
    .where(
      sql<boolean>`(filename, content_type) IS DISTINCT FROM (${info.filename}::text, ${info.contentType}::text)`,
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
