import * as v from "valibot";
import { boundedJsonObject } from "../primitives/json-object.js";
import { objectMessage } from "../primitives/object-message.js";
import { AttachmentRecordV1 } from "./attachment-record-v1.js";
import { RECORD_LIMITS } from "./record-limits.js";
import { TENDER_FIELDS } from "./tender-fields.js";

// The database keeps one attachment row per (tender, source_url), and the content hash sorts
// attachments by source_url, so a record must not list one URL twice.
const Attachments = v.pipe(
  v.array(AttachmentRecordV1, "Must be an array of attachments"),
  v.maxLength(RECORD_LIMITS.attachments, `Must have at most ${RECORD_LIMITS.attachments} attachments`),
  v.check(
    (items) => new Set(items.map((item) => item.source_url)).size === items.length,
    "Attachment source_url values must be unique",
  ),
);

/**
 * The normalized tender every source API is mapped to (docs/records.md#tenderrecordv1). Unknown fields are
 * rejected; the output is normalized (trimmed strings, UTC timestamps, `numeric(20,2)` amounts).
 * Every field is bounded (`RECORD_LIMITS`, docs/records.md#limits).
 */
export const TenderRecordV1 = v.strictObject(
  {
    ...TENDER_FIELDS,
    attachments: Attachments,
    raw_payload: boundedJsonObject(RECORD_LIMITS.rawPayloadDepth, RECORD_LIMITS.rawPayloadBytes),
  },
  objectMessage,
);
export type TenderRecordV1 = v.InferOutput<typeof TenderRecordV1>;
