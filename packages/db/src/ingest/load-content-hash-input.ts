import type { ContentHashAttachment, ContentHashInput } from "@tender/contracts";
import type { Db } from "../database.js";

/**
 * The input of `contentHash` (@tender/contracts) for a stored tender, in the form the hash
 * normalizes to: timestamps as `Date#toISOString()`, attachments without `skipped` ones, sorted
 * by source_url (code-unit order), `sha256` null until the attachment is `ready`.
 */
export interface StoredContentHashInput extends ContentHashInput {
  published_at: string;
  deadline: string | null;
  attachments: Omit<ContentHashAttachment, "download_status">[];
}

/**
 * Reads a stored tender and its non-skipped attachments as the input of the content hash, so a
 * hash can be recomputed after a download. Undefined when the tender does not exist. Run it in
 * the transaction that then stores the hash, so both see the same attachments.
 */
export async function loadContentHashInput(
  db: Db,
  tenderId: string,
): Promise<StoredContentHashInput | undefined> {
  const tender = await db
    .selectFrom("tenders")
    .innerJoin("sources", "sources.id", "tenders.source_id")
    .select([
      "sources.code as source",
      "tenders.external_id",
      "tenders.title",
      "tenders.description",
      "tenders.buyer_name",
      "tenders.amount",
      "tenders.currency",
      "tenders.published_at",
      "tenders.deadline",
      "tenders.source_url",
    ])
    .where("tenders.id", "=", tenderId)
    .executeTakeFirst();
  if (!tender) return undefined;

  const attachments = await db
    .selectFrom("attachments")
    .select(["source_url", "filename", "title", "content_type", "sha256", "download_status"])
    .where("tender_id", "=", tenderId)
    .where("download_status", "<>", "skipped")
    .execute();
  // Sorted here, not by the database: its collation order may differ from a plain string sort.
  attachments.sort((a, b) => (a.source_url < b.source_url ? -1 : a.source_url > b.source_url ? 1 : 0));

  return {
    ...tender,
    published_at: tender.published_at.toISOString(),
    deadline: tender.deadline ? tender.deadline.toISOString() : null,
    attachments: attachments.map((a) => ({
      source_url: a.source_url,
      filename: a.filename,
      title: a.title,
      content_type: a.content_type,
      sha256: a.download_status === "ready" ? a.sha256 : null,
    })),
  };
}
