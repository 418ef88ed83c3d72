import * as v from "valibot";
import { HttpUrl } from "../primitives/http-url.js";
import { objectMessage } from "../primitives/object-message.js";
import { DownloadStatus } from "../primitives/statuses.js";
import { Filename, NullableText } from "../primitives/trimmed-string.js";
import { Uuid } from "../primitives/uuid.js";

/** An attachment on the tender card; never `local_path`, `sha256` or `last_error`. */
export const TenderDetailsAttachment = v.strictObject(
  {
    id: Uuid,
    filename: Filename,
    title: NullableText,
    content_type: NullableText,
    size_bytes: v.nullable(
      v.pipe(
        v.number("Must be a number"),
        v.safeInteger("Must be an integer"),
        v.minValue(0, "Must not be negative"),
      ),
    ),
    download_status: DownloadStatus,
    source_url: HttpUrl,
  },
  objectMessage,
);
export type TenderDetailsAttachment = v.InferOutput<typeof TenderDetailsAttachment>;
