import * as v from "valibot";
import { objectMessage } from "../primitives/object-message.js";

/** What a change notice can change against the notice it supersedes (docs/records.md#procedures). */
export const NOTICE_CHANGE_FIELDS = [
  "title",
  "deadline",
  "amount",
  "documents_added",
  "documents_removed",
] as const;

const Value = v.nullable(v.union([v.string(), v.array(v.string())]));

/**
 * One change of a change notice: `title`, `deadline` (UTC timestamp) and `amount` (`"5300000.00
 * CZK"`) from the old value to the new one (null: none); `documents_added` lists the new
 * documents in `to` (`from` null), `documents_removed` the dropped ones in `from` (`to` null).
 */
export const NoticeChange = v.strictObject(
  { field: v.picklist(NOTICE_CHANGE_FIELDS), from: Value, to: Value },
  objectMessage,
);
export type NoticeChange = v.InferOutput<typeof NoticeChange>;
