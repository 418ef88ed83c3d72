import { toStorableText } from "@tender/contracts";
import { sql } from "kysely";
import type { Db } from "../database.js";
import type { QuarantineRecordInput } from "./quarantined-records.repository.js";
import { toQuarantinePayload } from "./to-quarantine-payload.js";

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

/** Longest external id and reason kept with a quarantined record (the record may be hostile). */
const MAX_LABEL_LENGTH = 1000;

function storableLabel(text: string): string {
  return toStorableText(text.length > MAX_LABEL_LENGTH ? `${text.slice(0, MAX_LABEL_LENGTH)}…` : text);
}

/**
 * Quarantines a record unless the same source, external id, reason and payload are already
 * quarantined: every sync pass re-reads the same bad notice, and one row per problem is enough.
 * Whatever the record holds, the row is storable (`toQuarantinePayload`; the external id and
 * reason are shortened to 1,000 characters, NUL and lone surrogates become U+FFFD), so a
 * hostile record is quarantined instead of failing its whole page.
 * Returns whether a row was written.
 */
export async function quarantineRecordOnce(db: Db, input: QuarantineRecordInput): Promise<boolean> {
  const payload = toQuarantinePayload(input.rawPayload);
  const externalId = input.externalId === null ? null : storableLabel(input.externalId);
  const reason = storableLabel(input.reason);
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
