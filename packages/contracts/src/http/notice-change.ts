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
 * How much of a change's document list an answer carries (docs/api.md#procedures): at most
 * `documents` names, and none past `characters` characters of names in all (a name is at most
 * 1,000 characters, so the first always fits); `total` counts them all.
 */
export const CHANGE_DOCUMENT_LIMITS = Object.freeze({ documents: 10, characters: 1000 });

/**
 * One change of a change notice: `title`, `deadline` (UTC timestamp) and `amount` (`"5300000.00
 * CZK"`) from the old value to the new one (null: none); `documents_added` lists the new
 * documents in `to` (`from` null), `documents_removed` the dropped ones in `from` (`to` null).
 * In an answer a document list is cut (`CHANGE_DOCUMENT_LIMITS`) and `total` says how many
 * documents were added or removed; stored changes and alerts carry no `total`.
 */
export const NoticeChange = v.strictObject(
  {
    field: v.picklist(NOTICE_CHANGE_FIELDS),
    from: Value,
    to: Value,
    total: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  },
  objectMessage,
);
export type NoticeChange = v.InferOutput<typeof NoticeChange>;
