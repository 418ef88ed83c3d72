import * as v from "valibot";
import { objectMessage } from "../primitives/object-message.js";
import { IndexStatus } from "../primitives/statuses.js";
import { Uuid } from "../primitives/uuid.js";
import { TENDER_FIELDS } from "../records/tender-fields.js";
import { TenderDetailsAttachment } from "./tender-details-attachment.js";

/**
 * The tender card of `GET /api/v1/tenders/{id}` (decisions.md). Never `raw_payload`, hashes,
 * `local_path`, `last_error` or key data: the strict object rejects them.
 */
export const TenderDetails = v.strictObject(
  {
    id: Uuid,
    ...TENDER_FIELDS,
    index_status: IndexStatus,
    attachments: v.array(TenderDetailsAttachment, "Must be an array"),
  },
  objectMessage,
);
export type TenderDetails = v.InferOutput<typeof TenderDetails>;
