import * as v from "valibot";
import { HttpUrl } from "../primitives/http-url.js";
import { objectMessage } from "../primitives/object-message.js";
import { Filename, NullableText } from "../primitives/trimmed-string.js";

/** One attachment of a `TenderRecordV1` (decisions.md, "Records and hashing"). */
export const AttachmentRecordV1 = v.strictObject(
  {
    external_id: NullableText,
    title: NullableText,
    filename: Filename,
    source_url: HttpUrl,
    content_type: NullableText,
  },
  objectMessage,
);
export type AttachmentRecordV1 = v.InferOutput<typeof AttachmentRecordV1>;
