import type { NoticeKind } from "../primitives/notice-kind.js";
import { NOTICE_KIND_TABLE } from "./notice-kind-table.js";

/** What every path knows of a notice: its eForms (or TED) types and the notice it changes. */
export interface NoticeKindInput {
  /** BT-02 `NoticeTypeCode`, TED's `notice-type` (`cn-standard`, `pmc`, `corr`…). */
  noticeType: string | null | undefined;
  /** BT-03, the notice type's `listName`, TED's `form-type` (`competition`, `consultation`…). */
  formType: string | null | undefined;
  /** True when it names a notice it changes (BT-758, TED's `change-notice-version-identifier`). */
  changesNotice: boolean;
  /** BT-140 change reason (`cancel`, `update-add`…), TED's `BT-140-notice`. */
  changeReason: string | null | undefined;
}

/**
 * The kind of an eForms or TED notice (docs/records.md#notice-kinds): a notice naming a notice it
 * changes is a `change`, or a `cancellation` when the change's reason is `cancel`; otherwise its
 * notice type decides, else its form type; else null (the caller chooses its fallback). Codes are
 * read trimmed and in any case; names of object properties (`constructor`) are no codes.
 */
export function noticeKindOf(input: NoticeKindInput): NoticeKind | null {
  if (input.changesNotice) {
    const reason = code(input.changeReason);
    return reason !== null && NOTICE_KIND_TABLE.cancellingChangeReasons.includes(reason)
      ? "cancellation"
      : "change";
  }
  return (
    lookUp(NOTICE_KIND_TABLE.noticeTypes, input.noticeType) ??
    lookUp(NOTICE_KIND_TABLE.formTypes, input.formType)
  );
}

function lookUp(
  table: Readonly<Record<string, NoticeKind>>,
  value: string | null | undefined,
): NoticeKind | null {
  const key = code(value);
  return key !== null && Object.hasOwn(table, key) ? (table[key] ?? null) : null;
}

function code(value: string | null | undefined): string | null {
  const text = typeof value === "string" ? value.trim().toLowerCase() : "";
  return text === "" ? null : text;
}
