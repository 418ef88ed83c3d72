import type { TenderRecordV1 } from "../records/tender-record-v1.js";
import type { ContentHashInput } from "./content-hash.js";

/**
 * The hash input of a freshly mapped record: nothing is downloaded yet, so every attachment's
 * `sha256` is `null` (as for `pending` rows in the database).
 */
export function toContentHashInput(record: TenderRecordV1): ContentHashInput {
  return {
    source: record.source,
    external_id: record.external_id,
    title: record.title,
    description: record.description,
    buyer_name: record.buyer_name,
    amount: record.amount,
    currency: record.currency,
    published_at: record.published_at,
    deadline: record.deadline,
    source_url: record.source_url,
    attachments: record.attachments.map(({ source_url, filename, title, content_type }) => ({
      source_url,
      filename,
      title,
      content_type,
      sha256: null,
    })),
  };
}
