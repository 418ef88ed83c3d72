import * as v from "valibot";
import { objectMessage } from "../primitives/object-message.js";
import { IndexStatus } from "../primitives/statuses.js";
import { Uuid } from "../primitives/uuid.js";
import { RECORD_LIMITS } from "../records/record-limits.js";
import { TENDER_FIELDS } from "../records/tender-fields.js";
import { AWARD_LIMITS, awardList } from "./award.js";
import { TenderProcedure } from "./procedure-notice.js";
import { TenderDetailsAttachment } from "./tender-details-attachment.js";
import { TENDER_FACET_FIELDS, TENDER_PROCEDURE_FIELDS } from "./tender-summary.js";

/**
 * The tender card of `GET /api/v1/tenders/{id}` (docs/api.md#tender-card). Never `raw_payload`, hashes,
 * `local_path`, `last_error` or key data: the strict object rejects them.
 */
export const TenderDetails = v.strictObject(
  {
    id: Uuid,
    ...TENDER_FIELDS,
    ...TENDER_FACET_FIELDS,
    index_status: IndexStatus,
    ...TENDER_PROCEDURE_FIELDS,
    /** Null until the tender's source maps its procedure (`tender remap`). */
    procedure: v.nullable(TenderProcedure),
    /** The buyer's organisation (docs/api.md#organisations); null when the notice's buyer is not linked to one. */
    buyer_organisation_id: v.nullable(Uuid),
    /** The notice's awards in notice order: a result, modification or change notice's, else empty. */
    awards: awardList(AWARD_LIMITS.awards),
    attachments: v.pipe(
      v.array(TenderDetailsAttachment, "Must be an array"),
      v.maxLength(RECORD_LIMITS.attachments, `Must have at most ${RECORD_LIMITS.attachments} items`),
    ),
  },
  objectMessage,
);
export type TenderDetails = v.InferOutput<typeof TenderDetails>;
/** A `TenderDetails` as the database gives it, before its CPV labels are added in a language. */
export type TenderDetailsRow = Omit<TenderDetails, "cpv">;
