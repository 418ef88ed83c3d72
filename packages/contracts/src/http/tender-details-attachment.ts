import * as v from "valibot";
import { objectMessage } from "../primitives/object-message.js";
import { DownloadStatus } from "../primitives/statuses.js";
import { Uuid } from "../primitives/uuid.js";
import { ATTACHMENT_FIELDS } from "../records/attachment-record-v1.js";

/** An attachment on the tender card; never `local_path`, `sha256` or `last_error`. */
export const TenderDetailsAttachment = v.strictObject(
  {
    id: Uuid,
    filename: ATTACHMENT_FIELDS.filename,
    title: ATTACHMENT_FIELDS.title,
    content_type: ATTACHMENT_FIELDS.content_type,
    size_bytes: v.nullable(
      v.pipe(
        v.number("Must be a number"),
        v.safeInteger("Must be an integer"),
        v.minValue(0, "Must not be negative"),
      ),
    ),
    download_status: DownloadStatus,
    source_url: ATTACHMENT_FIELDS.source_url,
  },
  objectMessage,
);
export type TenderDetailsAttachment = v.InferOutput<typeof TenderDetailsAttachment>;
