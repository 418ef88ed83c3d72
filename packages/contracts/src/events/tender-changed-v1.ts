import * as v from "valibot";
import { objectMessage } from "../primitives/object-message.js";
import { Sha256Digest } from "../primitives/sha256-digest.js";
import { Uuid } from "../primitives/uuid.js";
import { EVENT_HEADER_FIELDS } from "./event-header.js";

/** The subject `TenderChangedV1` events are published on (docs/events.md#streams-and-subjects). */
export const TENDER_CHANGED_SUBJECT = "tender.changed.v1";

/** Announces that a tender changed: a reference to the state, not a copy (docs/events.md#tenderchangedv1). */
export const TenderChangedV1 = v.strictObject(
  {
    ...EVENT_HEADER_FIELDS,
    tender_id: Uuid,
    content_hash: Sha256Digest,
  },
  objectMessage,
);
export type TenderChangedV1 = v.InferOutput<typeof TenderChangedV1>;
