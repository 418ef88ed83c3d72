import * as v from "valibot";
import { boundedHttpUrl } from "../primitives/http-url.js";
import { objectMessage } from "../primitives/object-message.js";
import { boundedNullableText, Filename } from "../primitives/trimmed-string.js";
import { RECORD_LIMITS } from "./record-limits.js";

/** The fields of an attachment both the record and the tender card carry, with their bounds. */
export const ATTACHMENT_FIELDS = {
  title: boundedNullableText(RECORD_LIMITS.attachmentTitle),
  filename: Filename,
  source_url: boundedHttpUrl(RECORD_LIMITS.sourceUrl),
  content_type: boundedNullableText(RECORD_LIMITS.attachmentContentType),
} as const;

/** One attachment of a `TenderRecordV1` (docs/records.md#attachment-records). */
export const AttachmentRecordV1 = v.strictObject(
  {
    external_id: boundedNullableText(RECORD_LIMITS.attachmentExternalId),
    title: ATTACHMENT_FIELDS.title,
    filename: ATTACHMENT_FIELDS.filename,
    source_url: ATTACHMENT_FIELDS.source_url,
    content_type: ATTACHMENT_FIELDS.content_type,
  },
  objectMessage,
);
export type AttachmentRecordV1 = v.InferOutput<typeof AttachmentRecordV1>;
