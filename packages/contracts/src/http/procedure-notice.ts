import * as v from "valibot";
import { NoticeKind } from "../primitives/notice-kind.js";
import { objectMessage } from "../primitives/object-message.js";
import { UtcTimestamp } from "../primitives/utc-timestamp.js";
import { Uuid } from "../primitives/uuid.js";
import { NoticeChange } from "./notice-change.js";

/**
 * One notice of a procedure (docs/api.md#procedures): `changes` lists what a change notice
 * changed against the notice it replaces (empty: nothing a person sees), null when it replaces none.
 */
export const ProcedureNotice = v.strictObject(
  {
    id: Uuid,
    external_id: v.string(),
    kind: NoticeKind,
    published_at: UtcTimestamp,
    superseded_by: v.nullable(Uuid),
    changes: v.nullable(v.array(NoticeChange, "Must be an array")),
  },
  objectMessage,
);
export type ProcedureNotice = v.InferOutput<typeof ProcedureNotice>;

/** A tender card's procedure: its id and its notices, oldest first. */
export const TenderProcedure = v.strictObject(
  { id: Uuid, notices: v.array(ProcedureNotice, "Must be an array") },
  objectMessage,
);
export type TenderProcedure = v.InferOutput<typeof TenderProcedure>;
