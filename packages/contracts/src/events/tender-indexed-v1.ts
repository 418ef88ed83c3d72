import * as v from "valibot";
import { objectMessage } from "../primitives/object-message.js";
import { Sha256Digest } from "../primitives/sha256-digest.js";
import { boundedTrimmedString } from "../primitives/trimmed-string.js";
import { Uuid } from "../primitives/uuid.js";
import { EVENT_HEADER_FIELDS } from "./event-header.js";

/** The subject `TenderIndexedV1` events are published on (docs/events.md#tenderindexedv1), stream `TENDERS`. */
export const TENDER_INDEXED_SUBJECT = "tender.indexed.v1";

/**
 * Announces that a tender's chunks changed (docs/events.md#tenderindexedv1): written by the indexer in the
 * transaction that swaps them, so alerts are matched against what Search now finds. A reference,
 * not a copy: `content_hash` is the version indexed, `embedding_model` the model of its vectors.
 */
export const TenderIndexedV1 = v.strictObject(
  {
    ...EVENT_HEADER_FIELDS,
    tender_id: Uuid,
    content_hash: Sha256Digest,
    embedding_model: boundedTrimmedString(200),
  },
  objectMessage,
);
export type TenderIndexedV1 = v.InferOutput<typeof TenderIndexedV1>;
