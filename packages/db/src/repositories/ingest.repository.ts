import { sql } from "kysely";
import type { Db } from "../database.js";
import type { QuarantineRecordInput } from "./quarantined-records.repository.js";

/**
 * Locks the row of the tender with this business identity until the transaction ends and returns
 * its id (undefined when the tender is new). A sync takes it before reading the tender's
 * downloaded files, so a download committing meanwhile (it locks the same row first,
 * `lockTenderRow`) is either fully seen or waits for the sync: the stored hash never misses it.
 */
export async function lockTenderByExternalId(
  db: Db,
  sourceId: string,
  externalId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("tenders")
    .select("id")
    .where("source_id", "=", sourceId)
    .where("external_id", "=", externalId)
    .forUpdate()
    .executeTakeFirst();
  return row?.id;
}

/** What a finished download fixed for an attachment; the re-crawl's hash must use it. */
export interface ReadyAttachmentFile {
  /** From the download response (`Content-Disposition`), authoritative over the upstream name. */
  filename: string;
  content_type: string | null;
  sha256: string;
}

/**
 * `source_url → {filename, content_type, sha256}` of the tender's `ready` attachments. A re-crawl
 * fills these into the record's hash input (the sync keeps them on `ready` rows), so a tender whose
 * files were downloaded hashes as stored (`loadContentHashInput`) when nothing changed upstream.
 * Lock the tender first (`lockTenderByExternalId`).
 */
export async function findReadyAttachmentFiles(
  db: Db,
  tenderId: string,
): Promise<Map<string, ReadyAttachmentFile>> {
  const rows = await db
    .selectFrom("attachments")
    .select(["source_url", "filename", "content_type", "sha256"])
    .where("tender_id", "=", tenderId)
    .where("download_status", "=", "ready")
    .where("sha256", "is not", null)
    .execute();
  return new Map(
    rows.map((row) => [
      row.source_url,
      { filename: row.filename, content_type: row.content_type, sha256: row.sha256 as string },
    ]),
  );
}

/**
 * Quarantines a record unless the same source, external id, reason and payload are already
 * quarantined: every sync pass re-reads the same bad notice, and one row per problem is enough.
 * PostgreSQL stores no NUL character (U+0000) in text or jsonb, so each one is kept as U+FFFD:
 * the record that holds it is quarantined instead of failing its whole page.
 * Returns whether a row was written.
 */
export async function quarantineRecordOnce(db: Db, input: QuarantineRecordInput): Promise<boolean> {
  const payload = JSON.stringify(input.rawPayload ?? null, withoutNul);
  const externalId = input.externalId === null ? null : withoutNulText(input.externalId);
  const reason = withoutNulText(input.reason);
  const result = await sql`
    INSERT INTO quarantined_records (source, external_id, reason, raw_payload)
    SELECT ${input.source}, ${externalId}, ${reason}, ${payload}::jsonb
    WHERE NOT EXISTS (
      SELECT 1 FROM quarantined_records
      WHERE source = ${input.source}
        AND external_id IS NOT DISTINCT FROM ${externalId}
        AND reason = ${reason}
        AND raw_payload = ${payload}::jsonb
    )`.execute(db);
  return (result.numAffectedRows ?? 0n) > 0n;
}

function withoutNulText(text: string): string {
  return text.replaceAll("\u0000", "\uFFFD");
}

/** `JSON.stringify` replacer: NUL characters in strings and keys become U+FFFD. */
function withoutNul(_key: string, value: unknown): unknown {
  if (typeof value === "string") return withoutNulText(value);
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const entries = Object.entries(value);
  if (!entries.some(([key]) => key.includes("\u0000"))) return value;
  return Object.fromEntries(entries.map(([key, item]) => [withoutNulText(key), item]));
}
