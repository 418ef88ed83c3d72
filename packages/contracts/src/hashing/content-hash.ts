import { normalizeDecimalAmount } from "../primitives/decimal-amount.js";
import type { DownloadStatus } from "../primitives/statuses.js";
import { normalizeUtcTimestamp } from "../primitives/utc-timestamp.js";
import { canonicalJson } from "./canonical-json.js";
import { sha256Hex } from "./sha256-hex.js";

/** An attachment as the content hash sees it. A database attachment row fits as it is. */
export interface ContentHashAttachment {
  source_url: string;
  filename: string;
  title: string | null;
  content_type: string | null;
  /** Digest of the downloaded file; `null` until it is downloaded. */
  sha256: string | null;
  /** `skipped` attachments (gone upstream) are not hashed; absent means not skipped. */
  download_status?: DownloadStatus;
}

/**
 * What the content hash covers. Built from a record with `toContentHashInput`, or from a
 * database row as `{ ...tenderRow, source: sourceCode, attachments: attachmentRows }`
 * (timestamps may be `Date`s, other fields are ignored).
 */
export interface ContentHashInput {
  source: string;
  external_id: string;
  title: string;
  description: string | null;
  buyer_name: string;
  amount: string | null;
  currency: string | null;
  published_at: Date | string;
  deadline: Date | string | null;
  source_url: string;
  attachments: readonly ContentHashAttachment[];
}

function timestamp(value: Date | string, field: string): string {
  const text = value instanceof Date ? (Number.isNaN(value.getTime()) ? null : value.toISOString()) : value;
  const normalized = text === null ? null : normalizeUtcTimestamp(text);
  if (normalized === null) throw new TypeError(`contentHash: ${field} is not a valid timestamp`);
  return normalized;
}

function amount(value: string | null): string | null {
  if (value === null) return null;
  const normalized = normalizeDecimalAmount(value);
  if (normalized === null) throw new TypeError("contentHash: amount is not a valid decimal amount");
  return normalized;
}

/** The exact object that is hashed (docs/records.md#content-hash). */
export function contentHashPayload(input: ContentHashInput) {
  const attachments = input.attachments
    .filter((attachment) => attachment.download_status !== "skipped")
    .map(({ source_url, filename, title, content_type, sha256 }) => ({
      source_url,
      filename,
      title,
      content_type,
      sha256,
    }))
    .map((attachment) => ({ attachment, key: canonicalJson(attachment) }))
    // Code unit order, not locale order; ties (impossible in the database) fall back to the item.
    .sort((a, b) => compare(a.attachment.source_url, b.attachment.source_url) || compare(a.key, b.key))
    .map(({ attachment }) => attachment);
  return {
    source: input.source,
    external_id: input.external_id,
    title: input.title,
    description: input.description,
    buyer_name: input.buyer_name,
    amount: amount(input.amount),
    currency: input.currency,
    published_at: timestamp(input.published_at, "published_at"),
    deadline: input.deadline === null ? null : timestamp(input.deadline, "deadline"),
    source_url: input.source_url,
    attachments,
  };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * `content_hash` of a tender: SHA-256 (lowercase hex) of the canonical JSON of its significant
 * fields and its non-skipped attachments sorted by `source_url`. `raw_payload` is not hashed.
 * Timestamps and amounts are normalized first, so a record and its database row hash alike.
 */
export function contentHash(input: ContentHashInput): string {
  return sha256Hex(canonicalJson(contentHashPayload(input)));
}
