import * as v from "valibot";

/**
 * What a notice is within its procedure (docs/records.md#procedures): a planning notice, the call
 * for competition, a change notice (corrigendum), a result (award), a contract modification or a
 * cancellation.
 */
export const NOTICE_KINDS = [
  "planning",
  "competition",
  "change",
  "result",
  "modification",
  "cancellation",
] as const;
export const NoticeKind = v.picklist(NOTICE_KINDS, `Must be one of: ${NOTICE_KINDS.join(", ")}`);
export type NoticeKind = v.InferOutput<typeof NoticeKind>;
