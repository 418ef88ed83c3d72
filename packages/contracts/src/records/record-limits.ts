/**
 * Longest values a `TenderRecordV1` may hold, after trimming (docs/records.md#limits).
 * Lengths count Unicode code points, as JSON Schema `maxLength` does. They keep every stored
 * value storable by PostgreSQL (`external_id` ≤ 512 code points is ≤ 2,048 UTF-8 bytes, under the
 * 2,704-byte btree row limit of the `(source_id, external_id)` key) and every answer bounded.
 */
export const RECORD_LIMITS = Object.freeze({
  externalId: 512,
  sourceUrl: 4096,
  title: 4000,
  buyerName: 1000,
  description: 1_000_000,
  attachmentTitle: 1000,
  /** Not in the specification's list: unbounded, 500 of them would let a card grow without limit. */
  attachmentExternalId: 512,
  /** Not in the specification's list: a media type and its parameters (RFC 6838 allows 127 + 127). */
  attachmentContentType: 255,
  attachments: 500,
  /** `raw_payload` as JSON text, in UTF-8 bytes (5 MB = 5,000,000 bytes). */
  rawPayloadBytes: 5_000_000,
  /** `raw_payload` nesting: the object itself is level 1, each object or array inside adds one. */
  rawPayloadDepth: 64,
});
